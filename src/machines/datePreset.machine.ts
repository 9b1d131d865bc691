/**
 * The date-range period of the dashboard panels (spec §4 "Orders period", §9 Date presets; issue 15
 * "date inputs validate (From ≤ To, real dates) before fetching and are debounced"): a preset
 * (Yesterday, Today, Last 7/30/90 days; default Last 7 days) sets From and To as London calendar
 * days, `YYYY-MM-DD`; editing From or To by hand waits for a quiet moment (`editing`,
 * DATE_INPUT_DEBOUNCE_MS after the last change) and is then checked (`checking`): a range with a
 * day that is not real, a year outside 2000–2100 or From after To is `invalid`, with a field error
 * on the date input concerned; a valid one is `preset` when it is exactly a preset's range and
 * `custom` otherwise. '' is an open end (the orders list waits for both).
 *
 * It tells no one: on the dashboard it runs as a child of its panel's statechart
 * (dashboardPanel.machine.ts), which forwards every valid range it settles on (`preset`, `custom`)
 * to the list as a filter change (page 1) and sends it `period.set` when the list moved to other
 * days by itself (the URL: Back, a shared link).
 *
 * The clock is read when a preset is applied, so a preset chosen after midnight covers the new
 * day. It is the system clock unless the input gives one (model tests pass a fixed one).
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { addDays, dayProblem, londonDay } from '@/api/days';
import { FIRST_FILTER_YEAR, LAST_FILTER_YEAR } from '@/api/schemas/dashboard';
import { LIST_DEBOUNCE_MS } from './list.machine';

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

/** Milliseconds of quiet after the last change of From or To before it is checked: the lists' pause. */
export const DATE_INPUT_DEBOUNCE_MS = LIST_DEBOUNCE_MS;

/** Field error of a day that is not a real calendar day (texts not in the spec; issue 15). */
export const NOT_A_DAY_MESSAGE = 'Enter a real date';
/** Field error of a day outside the years the API accepts. */
export const DAY_OUT_OF_RANGE_MESSAGE = `Enter a date from 01/01/${FIRST_FILTER_YEAR} to 31/12/${LAST_FILTER_YEAR}`;
/** Field error on From when it was moved after To. */
export const FROM_AFTER_TO_MESSAGE = 'From must be on or before To';
/** Field error on To when it was moved before From. */
export const TO_BEFORE_FROM_MESSAGE = 'To must be on or after From';

/** One of the two date inputs. */
export type DateField = 'from' | 'to';

/** A field error of a range: which input and what to say. */
export interface DayRangeError {
  field: DateField;
  message: string;
}

/**
 * The field error of `range`, or null when it may be fetched: each end first (From, then To: not a
 * real day, or a year outside the API's range), then their order, on `edited` (the input changed
 * last; To when neither was, e.g. a range from the URL).
 */
export function dayRangeError(range: DayRange, edited: DateField | null = null): DayRangeError | null {
  for (const field of ['from', 'to'] as const) {
    const problem = dayProblem(range[field]);
    if (problem === 'not-a-day') return { field, message: NOT_A_DAY_MESSAGE };
    if (problem === 'out-of-range') return { field, message: DAY_OUT_OF_RANGE_MESSAGE };
  }
  if (range.from === '' || range.to === '' || range.from <= range.to) return null;
  return edited === 'from'
    ? { field: 'from', message: FROM_AFTER_TO_MESSAGE }
    : { field: 'to', message: TO_BEFORE_FROM_MESSAGE };
}

/** The preset whose range at `now` is exactly `range`, or 'custom'. */
export function presetOf(range: DayRange, now: Date): DatePresetId | 'custom' {
  const found = DATE_PRESETS.find(({ id }) => {
    const candidate = presetRange(id, now);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return found?.id ?? 'custom';
}

/**
 * Context: the preset the dropdown shows ('custom' while typing or for other days), the days in the
 * inputs (possibly invalid), the input changed last, the field error and the clock.
 */
export interface DatePresetContext extends DayRange {
  preset: DatePresetId | 'custom';
  /** The input the person changed last; null after a preset or a range set from outside. */
  edited: DateField | null;
  /** The field error of an `invalid` range; null otherwise. */
  error: DayRangeError | null;
  /** The clock, in ms since the epoch. */
  now: () => number;
}

/**
 * Input: the days to start on (e.g. read from the URL; checked like typed days), else the preset
 * (default Last 7 days); the clock (default the system's).
 */
export interface DatePresetInput {
  preset?: DatePresetId;
  range?: DayRange;
  now?: () => number;
}

/** Events: the screen's dropdown and inputs, and `period.set` from the panel (the list's days). */
export type DatePresetEvent =
  | { type: 'period.select'; preset: DatePresetId }
  | { type: 'period.from'; value: string }
  | { type: 'period.to'; value: string }
  | { type: 'period.set'; range: DayRange };

/** The period statechart; see DatePresetInput. */
export const datePresetMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as DatePresetContext,
    events: {} as DatePresetEvent,
    input: {} as DatePresetInput,
  },
  actions: {
    applyPreset: assign(({ context }, params: { preset: DatePresetId }) => ({
      ...presetRange(params.preset, new Date(context.now())),
      edited: null,
    })),
    applyDay: assign((_, params: { end: DateField; value: string }) => ({
      preset: 'custom' as const,
      [params.end]: params.value,
      edited: params.end,
    })),
    applyRange: assign((_, params: DayRange) => ({ from: params.from, to: params.to, edited: null })),
    keepError: assign(({ context }) => ({
      preset: 'custom' as const,
      error: dayRangeError(context, context.edited),
    })),
    namePreset: assign(({ context }) => ({
      preset: presetOf(context, new Date(context.now())),
      error: null,
    })),
  },
  guards: {
    isInvalid: ({ context }) => dayRangeError(context, context.edited) !== null,
    isPresetRange: ({ context }) => presetOf(context, new Date(context.now())) !== 'custom',
  },
  delays: { DATE_INPUT_DEBOUNCE: DATE_INPUT_DEBOUNCE_MS },
}).createMachine({
  id: 'datePreset',
  context: ({ input }) => {
    const now = input.now ?? (() => Date.now());
    const range = input.range ?? presetRange(input.preset ?? DEFAULT_DATE_PRESET, new Date(now()));
    return { preset: 'custom', now, from: range.from, to: range.to, edited: null, error: null };
  },
  initial: 'checking',
  on: {
    'period.select': {
      target: '.checking',
      actions: { type: 'applyPreset', params: ({ event }) => ({ preset: event.preset }) },
    },
    'period.from': {
      target: '.editing',
      actions: { type: 'applyDay', params: ({ event }) => ({ end: 'from', value: event.value }) },
    },
    'period.to': {
      target: '.editing',
      actions: { type: 'applyDay', params: ({ event }) => ({ end: 'to', value: event.value }) },
    },
    'period.set': {
      target: '.checking',
      actions: { type: 'applyRange', params: ({ event }) => event.range },
    },
  },
  states: {
    // A transient choice point: every range (start, preset, typed, from the list) is checked here.
    checking: {
      always: [
        { guard: 'isInvalid', target: 'invalid', actions: 'keepError' },
        { guard: 'isPresetRange', target: 'preset', actions: 'namePreset' },
        { target: 'custom', actions: 'namePreset' },
      ],
    },
    // Typing: the field error (if any) stays until the new days are checked.
    editing: {
      after: { DATE_INPUT_DEBOUNCE: { target: 'checking' } },
    },
    preset: {},
    custom: {},
    invalid: {},
  },
});

/** A snapshot of a period actor. */
export type DatePresetSnapshot = SnapshotFrom<typeof datePresetMachine>;

/** True when the ISO instant `date` falls on a London day within `range` (open ends match all). */
export function isWithinRange(date: string, range: DayRange): boolean {
  const day = londonDay(new Date(date));
  return (range.from === '' || day >= range.from) && (range.to === '' || day <= range.to);
}
