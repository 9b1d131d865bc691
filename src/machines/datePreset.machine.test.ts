import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  DATE_INPUT_DEBOUNCE_MS,
  DATE_PRESETS,
  DAY_OUT_OF_RANGE_MESSAGE,
  DEFAULT_DATE_PRESET,
  FROM_AFTER_TO_MESSAGE,
  NOT_A_DAY_MESSAGE,
  TO_BEFORE_FROM_MESSAGE,
  datePresetMachine,
  dayRangeError,
  isWithinRange,
  presetRange,
} from './datePreset.machine';
import { LIST_DEBOUNCE_MS } from './list.machine';
import type { DatePresetId, DatePresetInput, DatePresetSnapshot, DayRange } from './datePreset.machine';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => new Date(iso);

describe('presetRange (spec §4 Orders period, London days)', () => {
  it.each<[string, DatePresetId, string, string]>([
    // A summer Monday morning (BST, UTC+1).
    ['2025-06-02T09:00:00.000Z', 'yesterday', '2025-06-01', '2025-06-01'],
    ['2025-06-02T09:00:00.000Z', 'today', '2025-06-02', '2025-06-02'],
    ['2025-06-02T09:00:00.000Z', 'last7', '2025-05-26', '2025-06-02'],
    ['2025-06-02T09:00:00.000Z', 'last30', '2025-05-03', '2025-06-02'],
    ['2025-06-02T09:00:00.000Z', 'last90', '2025-03-04', '2025-06-02'],
    // London midnight in summer is 23:00 UTC: the last and first millisecond of a day.
    ['2025-06-01T22:59:59.999Z', 'today', '2025-06-01', '2025-06-01'],
    ['2025-06-01T23:00:00.000Z', 'today', '2025-06-02', '2025-06-02'],
    ['2025-06-01T23:00:00.000Z', 'yesterday', '2025-06-01', '2025-06-01'],
    // In winter (GMT) London midnight is 00:00 UTC.
    ['2025-01-15T23:59:59.999Z', 'today', '2025-01-15', '2025-01-15'],
    ['2025-01-16T00:00:00.000Z', 'yesterday', '2025-01-15', '2025-01-15'],
    // October change: clocks go back at 01:00 UTC on Sunday 26 October 2025 (a 25-hour day).
    ['2025-10-25T22:59:59.999Z', 'today', '2025-10-25', '2025-10-25'],
    ['2025-10-25T23:00:00.000Z', 'today', '2025-10-26', '2025-10-26'],
    ['2025-10-26T23:59:59.999Z', 'today', '2025-10-26', '2025-10-26'],
    ['2025-10-27T00:00:00.000Z', 'yesterday', '2025-10-26', '2025-10-26'],
    ['2025-10-27T00:00:00.000Z', 'last7', '2025-10-20', '2025-10-27'],
    ['2025-10-25T12:00:00.000Z', 'last30', '2025-09-25', '2025-10-25'],
    // March change: clocks go forward at 01:00 UTC on Sunday 30 March 2025 (a 23-hour day).
    ['2025-03-29T23:59:59.999Z', 'today', '2025-03-29', '2025-03-29'],
    ['2025-03-30T00:00:00.000Z', 'today', '2025-03-30', '2025-03-30'],
    ['2025-03-30T22:59:59.999Z', 'today', '2025-03-30', '2025-03-30'],
    ['2025-03-30T23:00:00.000Z', 'yesterday', '2025-03-30', '2025-03-30'],
    ['2025-03-31T09:00:00.000Z', 'last7', '2025-03-24', '2025-03-31'],
    ['2025-03-29T09:00:00.000Z', 'last90', '2024-12-29', '2025-03-29'],
  ])('at %s, %s is %s to %s', (now, preset, from, to) => {
    expect(presetRange(preset, at(now))).toEqual({ from, to });
  });

  it('lists the spec presets in order with Last 7 days as the default', () => {
    expect(DATE_PRESETS.map((preset) => preset.label)).toEqual([
      'Yesterday',
      'Today',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    expect(DEFAULT_DATE_PRESET).toBe('last7');
  });
});

describe('isWithinRange', () => {
  it('compares the London day of an instant with both ends, inclusive', () => {
    const range = { from: '2025-06-01', to: '2025-06-02' };
    expect(isWithinRange('2025-05-31T22:59:59.999Z', range)).toBe(false);
    expect(isWithinRange('2025-05-31T23:00:00.000Z', range)).toBe(true);
    expect(isWithinRange('2025-06-02T22:59:59.999Z', range)).toBe(true);
    expect(isWithinRange('2025-06-02T23:00:00.000Z', range)).toBe(false);
    expect(isWithinRange('2020-01-01T00:00:00.000Z', { from: '', to: '2025-01-01' })).toBe(true);
  });
});

/** True when the period holds a range its panel gives the list (a preset's or valid custom days). */
function isSettledRange(snapshot: DatePresetSnapshot): boolean {
  return snapshot.matches('preset') || snapshot.matches('custom');
}

/**
 * A started period actor on a simulated clock (for the typing pause) and the ranges of the settled
 * snapshots it published since it started: what its panel's statechart forwards to the list.
 */
function start(input: DatePresetInput = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(datePresetMachine, { input, clock });
  actor.start();
  const published: DayRange[] = [];
  actor.subscribe((snapshot) => {
    if (isSettledRange(snapshot)) published.push({ from: snapshot.context.from, to: snapshot.context.to });
  });
  return { actor, clock, published };
}

/** The period a snapshot holds, without the clock. */
function periodOf({ context }: DatePresetSnapshot) {
  return { preset: context.preset, from: context.from, to: context.to };
}

describe('dayRangeError (issue 15: real dates, From on or before To)', () => {
  it('checks each end, then the order on the input changed last', () => {
    expect(dayRangeError({ from: '2025-05-01', to: '2025-06-02' })).toBeNull();
    expect(dayRangeError({ from: '', to: '' })).toBeNull();
    expect(dayRangeError({ from: '2025-02-30', to: '2025-06-02' })).toEqual({
      field: 'from',
      message: NOT_A_DAY_MESSAGE,
    });
    expect(dayRangeError({ from: '2025-05-01', to: '0002-06-02' })).toEqual({
      field: 'to',
      message: DAY_OUT_OF_RANGE_MESSAGE,
    });
    expect(DAY_OUT_OF_RANGE_MESSAGE).toBe('Enter a date from 01/01/2000 to 31/12/2100');
    const reversed = { from: '2025-06-03', to: '2025-06-02' };
    expect(dayRangeError(reversed, 'from')).toEqual({ field: 'from', message: FROM_AFTER_TO_MESSAGE });
    expect(dayRangeError(reversed, 'to')).toEqual({ field: 'to', message: TO_BEFORE_FROM_MESSAGE });
    expect(dayRangeError(reversed)).toEqual({ field: 'to', message: TO_BEFORE_FROM_MESSAGE });
  });
});

describe('datePresetMachine', () => {
  it('starts on Last 7 days of the current London day without publishing a change', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    const { actor, published } = start();
    expect(actor.getSnapshot().value).toBe('preset');
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'last7', from: '2025-05-26', to: '2025-06-02' });
    expect(published).toEqual([]);
  });

  it('starts on the preset it is given', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    expect(periodOf(start({ preset: 'today' }).actor.getSnapshot())).toEqual({
      preset: 'today',
      from: '2025-06-02',
      to: '2025-06-02',
    });
  });

  it('starts on the days it is given (the URL), named as a preset when they are one, and checked', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    const preset = start({ range: { from: '2025-05-03', to: '2025-06-02' } }).actor.getSnapshot();
    expect(preset.value).toBe('preset');
    expect(preset.context.preset).toBe('last30');
    const custom = start({ range: { from: '2025-05-01', to: '' } }).actor.getSnapshot();
    expect(custom.value).toBe('custom');
    expect(custom.context.preset).toBe('custom');
    const invalid = start({ range: { from: '2025-06-03', to: '2025-06-02' } }).actor.getSnapshot();
    expect(invalid.value).toBe('invalid');
    expect(invalid.context.error).toEqual({ field: 'to', message: TO_BEFORE_FROM_MESSAGE });
  });

  it('applies a selected preset at the time it is chosen and publishes the new range', () => {
    vi.setSystemTime(at('2025-10-25T22:00:00.000Z'));
    const { actor, published } = start();
    // Past London midnight (BST) the day has moved on.
    vi.setSystemTime(at('2025-10-25T23:30:00.000Z'));
    actor.send({ type: 'period.select', preset: 'yesterday' });
    expect(periodOf(actor.getSnapshot())).toEqual({
      preset: 'yesterday',
      from: '2025-10-25',
      to: '2025-10-25',
    });
    expect(published).toEqual([{ from: '2025-10-25', to: '2025-10-25' }]);
  });

  it('checks typed days only after DATE_INPUT_DEBOUNCE_MS of quiet, each change restarting the wait', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    const { actor, clock, published } = start();
    // A date input reports every keystroke of its year: 0002, 0020, 0202, 2025.
    for (const value of ['0002-05-01', '0020-05-01', '0202-05-01', '2025-05-01']) {
      actor.send({ type: 'period.from', value });
      expect(actor.getSnapshot().value).toBe('editing');
      clock.increment(DATE_INPUT_DEBOUNCE_MS - 1);
    }
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(published).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('custom');
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'custom', from: '2025-05-01', to: '2025-06-02' });
    expect(published).toEqual([{ from: '2025-05-01', to: '2025-06-02' }]);
    expect(DATE_INPUT_DEBOUNCE_MS).toBe(LIST_DEBOUNCE_MS);
  });

  it('holds an invalid range with its field error and publishes nothing until it is corrected', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    const { actor, clock, published } = start();
    actor.send({ type: 'period.from', value: '2025-06-05' });
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.error).toEqual({ field: 'from', message: FROM_AFTER_TO_MESSAGE });
    actor.send({ type: 'period.to', value: '0002-06-06' });
    // The error stays while the person types, and is checked again after the pause.
    expect(actor.getSnapshot().context.error).toEqual({ field: 'from', message: FROM_AFTER_TO_MESSAGE });
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.error).toEqual({ field: 'to', message: DAY_OUT_OF_RANGE_MESSAGE });
    actor.send({ type: 'period.to', value: '2025-06-06' });
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('custom');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(published).toEqual([{ from: '2025-06-05', to: '2025-06-06' }]);
  });

  it('names typed days that are exactly a preset as that preset, and leaves with a preset', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    const { actor, clock } = start();
    actor.send({ type: 'period.from', value: '2025-06-02' });
    expect(actor.getSnapshot().context.preset).toBe('custom');
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('preset');
    expect(actor.getSnapshot().context.preset).toBe('today');
    actor.send({ type: 'period.to', value: '' });
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'custom', from: '2025-06-02', to: '' });
    actor.send({ type: 'period.select', preset: 'last30' });
    expect(actor.getSnapshot().value).toBe('preset');
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'last30', from: '2025-05-03', to: '2025-06-02' });
  });

  it('takes the days the panel sets (the list followed the URL) at once, typing or not', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    const { actor } = start();
    actor.send({ type: 'period.from', value: '2025-01-01' });
    actor.send({ type: 'period.set', range: { from: '2025-05-26', to: '2025-06-02' } });
    expect(actor.getSnapshot().value).toBe('preset');
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'last7', from: '2025-05-26', to: '2025-06-02' });
    expect(actor.getSnapshot().context.edited).toBeNull();
  });

  it('reads the clock it is given instead of the system clock', () => {
    vi.setSystemTime(at('2025-06-02T09:00:00.000Z'));
    let now = Date.parse('2025-01-15T12:00:00.000Z');
    const { actor } = start({ now: () => now });
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'last7', from: '2025-01-08', to: '2025-01-15' });
    now = Date.parse('2025-01-16T00:00:00.000Z');
    actor.send({ type: 'period.select', preset: 'today' });
    expect(periodOf(actor.getSnapshot())).toEqual({ preset: 'today', from: '2025-01-16', to: '2025-01-16' });
  });
});
