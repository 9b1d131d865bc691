/**
 * Calendar days of the business's time zone (Europe/London), written `YYYY-MM-DD` as the
 * dashboard contract sends them (spec §4 "Orders period", §7). Pure functions, shared by the
 * server's filters and the browser's date presets so both agree on where a day starts, including
 * on the days the clocks change.
 */
import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, isCalendarDay, isFilterYear } from './schemas/dashboard';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The London calendar day (`YYYY-MM-DD`) that contains the instant `at`. */
export function londonDay(at: Date): string {
  return dayFormat.format(at);
}

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year ?? 0, month ?? 1, date ?? 1];
}

/** `day` moved by `days` calendar days (negative goes back); plain calendar arithmetic. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The first day (`YYYY-MM-01`) of the month that contains `day`, moved by `months` months. */
export function monthStart(day: string, months = 0): string {
  const [year, month] = parts(day);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The instant London's `day` begins (00:00 local; 23:00 or 00:00 UTC depending on summer time). */
export function londonDayStart(day: string): Date {
  const [year, month, date] = parts(day);
  return new Date(new TZDate(year, month - 1, date, BUSINESS_TIME_ZONE).getTime());
}

/** The last millisecond of London's `day` (just before the next day begins). */
export function londonDayEnd(day: string): Date {
  return new Date(londonDayStart(addDays(day, 1)).getTime() - 1);
}

/**
 * Why `day` cannot be a date filter (issue 15 "typing a date fires a request ... including year
 * 0002"): 'not-a-day' unless it is a real calendar day `YYYY-MM-DD`, 'out-of-range' outside the years
 * the API accepts (FIRST_FILTER_YEAR to LAST_FILTER_YEAR); null when it can, and for '' (an open end).
 */
export function dayProblem(day: string): 'not-a-day' | 'out-of-range' | null {
  if (day === '') return null;
  if (!isCalendarDay(day)) return 'not-a-day';
  return isFilterYear(Number(day.slice(0, 4))) ? null : 'out-of-range';
}

/** True when both ends of a range of days can be filters and `from` is not after `to`. */
export function isValidDayRange(range: { from: string; to: string }): boolean {
  if (dayProblem(range.from) !== null || dayProblem(range.to) !== null) return false;
  return range.from === '' || range.to === '' || range.from <= range.to;
}
