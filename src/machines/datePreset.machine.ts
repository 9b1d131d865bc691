/**
 * The date-range period of the dashboard panels (spec §4 "Orders period", §9 Date presets):
 * a preset (Yesterday, Today, Last 7/30/90 days; default Last 7 days) sets From and To as London
 * calendar days, `YYYY-MM-DD`; editing From or To by hand leaves the presets (state `custom`).
 * It tells no one: on the dashboard it runs as a child of its panel's statechart
 * (dashboardPanel.machine.ts), which watches its snapshots and forwards every new range to the list
 * as a filter change, and that resets the list to page 1.
 *
 * The clock is read when a preset is applied, so a preset chosen after midnight covers the new
 * day. It is the system clock unless the input gives one (model tests pass a fixed one).
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { addDays, londonDay } from '@/api/days';

/** A preset of spec §9; `days` is how many days back Last N days starts. */
export type DatePresetId = 'yesterday' | 'today' | 'last7' | 'last30' | 'last90';

/** The presets in the order the dropdown lists them, with the spec's labels. */
export const DATE_PRESETS: readonly { id: DatePresetId; label: string }[] = [
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'last90', label: 'Last 90 days' },
];

/** Spec §9: the default period. */
export const DEFAULT_DATE_PRESET: DatePresetId = 'last7';

/** A range of London days, both inclusive, `YYYY-MM-DD`; '' for an open end. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The range of `preset` at the instant `now` (spec §4): Yesterday = the day before today; Today =
 * today; Last N days = from the day N days ago to today. "Today" is London's day at `now`.
 */
export function presetRange(preset: DatePresetId, now: Date): DayRange {
  const today = londonDay(now);
  switch (preset) {
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -7), to: today };
    case 'last30':
      return { from: addDays(today, -30), to: today };
    case 'last90':
      return { from: addDays(today, -90), to: today };
  }
}

/** Context: the chosen preset ('custom' after a hand edit), the range it gives and the clock. */
export interface DatePresetContext extends DayRange {
  preset: DatePresetId | 'custom';
  /** The clock, in ms since the epoch. */
  now: () => number;
}

/** Input: the preset to start on (default Last 7 days) and the clock (default the system's). */
export interface DatePresetInput {
  preset?: DatePresetId;
  now?: () => number;
}

/** Events a screen sends. */
export type DatePresetEvent =
  | { type: 'period.select'; preset: DatePresetId }
  | { type: 'period.from'; value: string }
  | { type: 'period.to'; value: string };

/** The period statechart; see DatePresetInput. */
export const datePresetMachine = setup({
  types: {
    context: {} as DatePresetContext,
    events: {} as DatePresetEvent,
    input: {} as DatePresetInput,
  },
  actions: {
    applyPreset: assign(({ context }, params: { preset: DatePresetId }) => ({
      preset: params.preset,
      ...presetRange(params.preset, new Date(context.now())),
    })),
    applyDay: assign((_, params: { end: 'from' | 'to'; value: string }) => ({
      preset: 'custom' as const,
      [params.end]: params.value,
    })),
  },
}).createMachine({
  id: 'datePreset',
  context: ({ input }) => {
    const preset = input.preset ?? DEFAULT_DATE_PRESET;
    const now = input.now ?? (() => Date.now());
    return { preset, now, ...presetRange(preset, new Date(now())) };
  },
  initial: 'preset',
  on: {
    'period.select': {
      target: '.preset',
      actions: { type: 'applyPreset', params: ({ event }) => ({ preset: event.preset }) },
    },
    'period.from': {
      target: '.custom',
      actions: { type: 'applyDay', params: ({ event }) => ({ end: 'from', value: event.value }) },
    },
    'period.to': {
      target: '.custom',
      actions: { type: 'applyDay', params: ({ event }) => ({ end: 'to', value: event.value }) },
    },
  },
  states: {
    preset: {},
    custom: {},
  },
});

/** A snapshot of a period actor. */
export type DatePresetSnapshot = SnapshotFrom<typeof datePresetMachine>;

/** True when the ISO instant `date` falls on a London day within `range` (open ends match all). */
export function isWithinRange(date: string, range: DayRange): boolean {
  const day = londonDay(new Date(date));
  return (range.from === '' || day >= range.from) && (range.to === '' || day <= range.to);
}
