import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayProblem,
  isValidDayRange,
  londonDay,
  londonDayEnd,
  londonDayStart,
  monthStart,
} from './days';

describe('London days', () => {
  it('reads the London day of an instant on both sides of the clock changes', () => {
    expect(londonDay(new Date('2025-03-30T00:59:59.999Z'))).toBe('2025-03-30');
    expect(londonDay(new Date('2025-03-30T23:00:00.000Z'))).toBe('2025-03-31');
    expect(londonDay(new Date('2025-10-25T23:00:00.000Z'))).toBe('2025-10-26');
    expect(londonDay(new Date('2025-10-26T23:59:59.999Z'))).toBe('2025-10-26');
  });

  it('gives the instants a day starts and ends: 23 hours in March, 25 in October', () => {
    expect(londonDayStart('2025-03-30').toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(londonDayEnd('2025-03-30').toISOString()).toBe('2025-03-30T22:59:59.999Z');
    expect(londonDayStart('2025-10-26').toISOString()).toBe('2025-10-25T23:00:00.000Z');
    expect(londonDayEnd('2025-10-26').toISOString()).toBe('2025-10-26T23:59:59.999Z');
    expect(londonDayStart('2025-01-15').toISOString()).toBe('2025-01-15T00:00:00.000Z');
  });

  it('moves days and months across month and year ends', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(monthStart('2025-06-17')).toBe('2025-06-01');
    expect(monthStart('2025-12-17', 1)).toBe('2026-01-01');
  });
});

describe('date filters (issue 15: no request for year 0002 or From after To)', () => {
  it.each([
    ['2025-06-02', null],
    ['', null],
    ['2000-01-01', null],
    ['2100-12-31', null],
    ['2024-02-29', null],
    ['2025-02-29', 'not-a-day'],
    ['2025-13-01', 'not-a-day'],
    ['2025-6-2', 'not-a-day'],
    ['02/06/2025', 'not-a-day'],
    ['2025-06-02T10:00', 'not-a-day'],
    ['0002-06-02', 'out-of-range'],
    ['1999-12-31', 'out-of-range'],
    ['2101-01-01', 'out-of-range'],
  ] as const)('dayProblem(%j) is %j', (day, problem) => {
    expect(dayProblem(day)).toBe(problem);
  });

  it('accepts open ends and From on or before To only', () => {
    expect(isValidDayRange({ from: '2025-06-01', to: '2025-06-02' })).toBe(true);
    expect(isValidDayRange({ from: '2025-06-02', to: '2025-06-02' })).toBe(true);
    expect(isValidDayRange({ from: '', to: '2025-06-02' })).toBe(true);
    expect(isValidDayRange({ from: '', to: '' })).toBe(true);
    expect(isValidDayRange({ from: '2025-06-03', to: '2025-06-02' })).toBe(false);
    expect(isValidDayRange({ from: '0002-06-01', to: '2025-06-02' })).toBe(false);
    expect(isValidDayRange({ from: '2025-06-01', to: 'x' })).toBe(false);
  });
});
