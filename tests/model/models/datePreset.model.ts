/**
 * Model of datePresetMachine (spec §4 "Orders period", §9 "Date presets"; issue 15: typed days are
 * checked after a pause, real days of 2000–2100 with From on or before To, else a field error). The
 * expected ranges and errors are worked out here from the spec's and the issue's words,
 * independently of the machine's `presetRange` and `dayRangeError`: London's calendar day now,
 * Yesterday = the day before, Today = today, Last N days = N days ago to today, `YYYY-MM-DD`. The
 * machine asks nothing of the screen: its panel's statechart watches its snapshots and forwards each
 * settled range to the list (dashboardPanel models).
 *
 * The serializer keeps the state and what the checking state's guards will find in the days held:
 * their field error's message (so each message is walked once) and whether they are a preset's days.
 * Which preset, and the days themselves, only matter to the checks, which work them out (issue 28).
 * The filters keep the walk to the chart: every event is the root's and does the same from any
 * state, so all fixtures are walked from the `preset` state and each type's first from the others;
 * while typing, a keystroke that changes what the check will find is walked too (each verdict is
 * reached). The inputs only set the first days (`shareStates`).
 *
 * Every path runs on a fixed clock, 00:30 London time on Monday 3 February 2025, so the expected days
 * do not move with the day the tests run on, and the fixtures' January days lie before today.
 *
 * Every step also checks which orders the panel keeps for the days shown (`isWithinRange`, spec §2
 * User Orders panel: the rows of the chosen days), for order times either side of London midnights.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { datePresetMachine, isWithinRange } from '@/machines/datePreset.machine';
import type { DatePresetContext, DatePresetId, DayRange } from '@/machines/datePreset.machine';
import { defineModel } from '../harness';
import type { EventFixtures } from '../harness';

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

/** Issue 15's texts for a day that is not real, a year outside 2000–2100, and From after To. */
const NOT_A_DAY = 'Enter a real date';
const OUT_OF_RANGE = 'Enter a date from 01/01/2000 to 31/12/2100';
const FROM_AFTER_TO = 'From must be on or before To';
const TO_BEFORE_FROM = 'To must be on or after From';

/**
 * Order times (ISO instants) either side of London midnights the walk's days start or end on, with
 * their London day written out (GMT in winter, so the same as the UTC date).
 */
const ORDER_TIMES: ReadonlyArray<{ at: string; day: string }> = [
  { at: '2024-11-05T12:00:00.000Z', day: '2024-11-05' },
  { at: '2025-01-09T23:59:59.999Z', day: '2025-01-09' },
  { at: '2025-01-10T00:00:00.000Z', day: '2025-01-10' },
  { at: '2025-01-27T00:00:00.000Z', day: '2025-01-27' },
  { at: '2025-01-31T23:59:59.999Z', day: '2025-01-31' },
  { at: '2025-02-02T23:59:59.999Z', day: '2025-02-02' },
  { at: '2025-02-03T00:30:00.000Z', day: '2025-02-03' },
];

/** The order times the panel keeps for `range`: the day within it, an open end keeping every day. */
function keptOrders(range: DayRange): string[] {
  return ORDER_TIMES.filter(
    ({ day }) => (range.from === '' || range.from <= day) && (range.to === '' || day <= range.to),
  ).map(({ at }) => at);
}

/** Worked out here: a real `YYYY-MM-DD` day (its UTC date round-trips), '' standing for an open end. */
function endProblem(day: string): string | null {
  if (day === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return NOT_A_DAY;
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (date.toISOString().slice(0, 10) !== day) return NOT_A_DAY;
  const year = Number(match[1]);
  return year < 2000 || year > 2100 ? OUT_OF_RANGE : null;
}

/** The field error the range should show, with the order error on the input changed last (To if none). */
function expectedError(range: DayRange, edited: 'from' | 'to' | null) {
  for (const field of ['from', 'to'] as const) {
    const message = endProblem(range[field]);
    if (message) return { field, message };
  }
  if (range.from === '' || range.to === '' || range.from <= range.to) return null;
  return edited === 'from'
    ? { field: 'from', message: FROM_AFTER_TO }
    : { field: 'to', message: TO_BEFORE_FROM };
}

/** What a range settles on once checked: invalid with its error, the preset it is exactly, or custom. */
function expectChecked(
  after: { value: unknown; context: DatePresetContext },
  range: DayRange,
  edited: 'from' | 'to' | null,
): void {
  const error = expectedError(range, edited);
  expect(after.context).toMatchObject({ ...range, edited, error });
  if (error) {
    expect(after.value, 'an invalid range is held, not fetched').toBe('invalid');
    expect(after.context.preset).toBe('custom');
    return;
  }
  const preset = PRESETS.find((id) => {
    const candidate = expectedRange(id);
    return candidate.from === range.from && candidate.to === range.to;
  });
  expect(after.value).toBe(preset ? 'preset' : 'custom');
  expect(after.context.preset, 'the dropdown names the days').toBe(preset ?? 'custom');
}

/**
 * What the checking state's guards will find in `range` (the serializer's key): the field error's
 * message, and whether the days are exactly a preset's.
 */
function verdict(range: DayRange & { edited: 'from' | 'to' | null }) {
  return {
    error: expectedError(range, range.edited)?.message ?? null,
    preset: PRESETS.some((id) => {
      const candidate = expectedRange(id);
      return candidate.from === range.from && candidate.to === range.to;
    }),
  };
}

/** The screen's and the panel's events, each type's first one walked from every state. */
const EVENTS = {
  'period.select': PRESETS.map((preset) => ({ type: 'period.select' as const, preset })),
  'period.from': [
    { type: 'period.from', value: '2025-01-01' },
    // After To (and after today): an order error on From.
    { type: 'period.from', value: '2025-02-05' },
    // The first keystroke of a year typed into a date input.
    { type: 'period.from', value: '0002-01-01' },
  ],
  'period.to': [
    { type: 'period.to', value: '2025-01-31' },
    { type: 'period.to', value: '' },
  ],
  'period.set': [
    { type: 'period.set', range: { from: '2025-01-27', to: '2025-02-03' } },
    { type: 'period.set', range: { from: '2025-01-05', to: '2025-01-06' } },
  ],
} satisfies EventFixtures<typeof datePresetMachine>;

/** Whether `event` is the first fixture of its type (EVENTS). */
function isFirstFixture(event: { type: string }): boolean {
  return isDeepStrictEqual(EVENTS[event.type as keyof typeof EVENTS][0], event);
}

export default defineModel({
  machine: datePresetMachine,
  inputs: {
    'no preset given': { now },
    'Last 30 days': { preset: 'last30', now },
    // A shared link whose To is before its From.
    'reversed days from the URL': { range: { from: '2025-01-20', to: '2025-01-10' }, now },
    // A hand-edited link with a day no calendar has (a date input never types one).
    'impossible day from the URL': { range: { from: '2025-02-30', to: '2025-03-01' }, now },
  },
  // The inputs are where the days start; from there on it is one chart.
  shareStates: true,
  events: EVENTS,
  outcomes: {},
  serialize: (snapshot) => ({ value: snapshot.value, ...verdict(snapshot.context) }),
  filterEvents: (snapshot, event) => {
    // Every event is the root's, the same from any state: all fixtures from `preset`.
    if (snapshot.matches('preset')) return true;
    // While typing, a keystroke that changes what the check will find leads to a new verdict.
    if (snapshot.matches('editing') && (event.type === 'period.from' || event.type === 'period.to')) {
      const end = event.type === 'period.from' ? 'from' : 'to';
      const typed = verdict({ ...snapshot.context, [end]: event.value, edited: end });
      if (!isDeepStrictEqual(typed, verdict(snapshot.context))) return true;
    }
    // Elsewhere each event's first fixture.
    return event.type.startsWith('xstate.') || isFirstFixture(event);
  },
  check: ({ input, before, event, after, emitted }) => {
    expect(emitted, 'the panel reads the new range from the snapshot').toEqual([]);
    expect(after.context.now).toBe(now);
    expect(
      ORDER_TIMES.filter(({ at }) => isWithinRange(at, after.context)).map(({ at }) => at),
      `the orders kept for ${after.context.from} to ${after.context.to}`,
    ).toEqual(keptOrders(after.context));
    if (before === null) {
      const range = input?.range ?? expectedRange(input?.preset ?? 'last7');
      expectChecked(after, range, null);
      return;
    }
    if (event.type === 'period.select') {
      expect(after.value).toBe('preset');
      expect(after.context).toEqual({
        preset: event.preset,
        ...expectedRange(event.preset),
        edited: null,
        error: null,
        now,
      });
    } else if (event.type === 'period.from' || event.type === 'period.to') {
      const end = event.type === 'period.from' ? 'from' : 'to';
      expect(after.value, 'typing waits for a quiet moment before anything is checked').toBe('editing');
      expect(after.context).toEqual({
        ...before.context,
        preset: 'custom',
        [end]: event.value,
        edited: end,
      });
    } else if (event.type === 'period.set') {
      expectChecked(after, event.range, null);
    } else if (event.type.startsWith('xstate.after.')) {
      expect(before.value).toBe('editing');
      expectChecked(after, before.context, before.context.edited);
    }
  },
});
