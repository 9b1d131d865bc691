import { describe, expect, it } from 'vitest';
import { addDays, londonDay, londonDayEnd, londonDayStart, monthStart } from './days';

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
