/**
 * Model of datePresetMachine (spec §4 "Orders period", §9 "Date presets"). The expected ranges are
 * worked out here from the spec's words, independently of the machine's `presetRange`: London's
 * calendar day now, Yesterday = the day before, Today = today, Last N days = N days ago to today,
 * `YYYY-MM-DD`. The machine asks nothing of the screen: its panel's statechart watches its snapshots
 * and forwards each new range to the list (dashboardPanel models).
 *
 * The serializer keeps the state and the chosen preset: the range follows from them, except after a
 * hand edit, where the fixtures' days are what the checks compare.
 *
 * Every path runs on a fixed clock, 00:30 London time on Monday 3 February 2025, so the expected days
 * do not move with the day the tests run on, and the fixtures' January days lie before today.
 */
import { expect } from 'vitest';
import { datePresetMachine } from '@/machines/datePreset.machine';
import type { DatePresetId, DayRange } from '@/machines/datePreset.machine';
import { defineModel } from '../harness';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The clock of every path, in ms since the epoch (London is on GMT in February). */
const NOW = Date.UTC(2025, 1, 3, 0, 30);
const now = () => NOW;
const londonDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** London's calendar day `daysAgo` days before today, `YYYY-MM-DD`. */
function londonDayBefore(daysAgo: number): string {
  const today = londonDayFormat.format(new Date(NOW));
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** Spec §4 "Orders period". */
function expectedRange(preset: DatePresetId): DayRange {
  switch (preset) {
    case 'yesterday':
      return { from: londonDayBefore(1), to: londonDayBefore(1) };
    case 'today':
      return { from: londonDayBefore(0), to: londonDayBefore(0) };
    case 'last7':
      return { from: londonDayBefore(7), to: londonDayBefore(0) };
    case 'last30':
      return { from: londonDayBefore(30), to: londonDayBefore(0) };
    case 'last90':
      return { from: londonDayBefore(90), to: londonDayBefore(0) };
  }
}

const PRESETS: readonly DatePresetId[] = ['yesterday', 'today', 'last7', 'last30', 'last90'];

export default defineModel({
  machine: datePresetMachine,
  inputs: { 'no preset given': { now }, 'Last 30 days': { preset: 'last30', now } },
  events: {
    'period.select': PRESETS.map((preset) => ({ type: 'period.select' as const, preset })),
    'period.from': [{ type: 'period.from', value: '2025-01-01' }],
    'period.to': [{ type: 'period.to', value: '2025-01-31' }],
  },
  outcomes: {},
  serialize: (snapshot) => ({ value: snapshot.value, preset: snapshot.context.preset }),
  check: ({ input, before, event, after, emitted }) => {
    if (before === null) {
      const preset = input?.preset ?? 'last7';
      expect(after.value).toBe('preset');
      expect(after.context, 'spec §9: the default is Last 7 days').toEqual({
        preset,
        ...expectedRange(preset),
        now,
      });
      expect(emitted).toEqual([]);
      return;
    }
    if (event.type === 'period.select') {
      expect(after.value).toBe('preset');
      expect(after.context).toEqual({ preset: event.preset, ...expectedRange(event.preset), now });
    } else if (event.type === 'period.from' || event.type === 'period.to') {
      const end = event.type === 'period.from' ? 'from' : 'to';
      expect(after.value, 'a hand edit leaves the presets').toBe('custom');
      expect(after.context).toEqual({ ...before.context, preset: 'custom', [end]: event.value });
    }
    expect(emitted, 'the panel reads the new range from the snapshot').toEqual([]);
  },
});
