/**
 * The four user statistic cards (spec §2 "User statistic cards", §3 User statistic; ARCHITECTURE.md
 * §4): total users, active users, new users this month and the share of active users, each against
 * the previous month. Months are calendar months in Europe/London (a UK company's month).
 *
 * The database keeps no history of statuses, so "previous" for the active figures counts the users
 * who existed before this month began and are Active now.
 */
import { TZDate } from '@date-fns/tz';
import { startOfMonth, subMonths } from 'date-fns';
import { count, sql } from 'drizzle-orm';
import { UserStatus } from '@/api/schemas/common';
import type { UserStatistic } from '@/api/schemas/users';
import type { Db } from '../db/open';
import { users } from '../db/schema';

/** The time zone whose calendar months the statistics follow. */
export const STATISTICS_TIME_ZONE = 'Europe/London';

/** Card types, in display order (shown upper-cased by the cards). */
export const STATISTIC_TYPES = {
  total: 'Total users',
  active: 'Active users',
  newThisMonth: 'New users this month',
  activeShare: 'Active users share',
} as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Change from `previous` to `current`: relative percent for counts (100 when rising from 0, 0
 * when both are 0), percentage points for values that are themselves percentages. One decimal.
 */
export function changeBetween(previous: number, current: number, isPercentage: boolean): number {
  if (isPercentage) return round1(current - previous);
  if (previous === 0) return current === 0 ? 0 : 100;
  return round1(((current - previous) / previous) * 100);
}

function statistic(type: string, current: number, previous: number, isPercentage: boolean): UserStatistic {
  return {
    type,
    current_value: current,
    previous_value: previous,
    change_percentage: changeBetween(previous, current, isPercentage),
    is_percentage: isPercentage,
  };
}

/** Start of the calendar month of `now` and of the month before, as instants. */
export function monthStarts(now: Date): { thisMonth: Date; lastMonth: Date } {
  const thisMonth = startOfMonth(new TZDate(now.getTime(), STATISTICS_TIME_ZONE));
  return { thisMonth: new Date(thisMonth.getTime()), lastMonth: new Date(subMonths(thisMonth, 1).getTime()) };
}

/** Computes the four statistics at `now` in one scan of the users table. */
export async function userStatistics(db: Db, now: Date): Promise<UserStatistic[]> {
  const { thisMonth, lastMonth } = monthStarts(now);
  const isActive = sql`${users.status} = ${UserStatus.Active}`;
  const before = sql`${users.created_at} < ${thisMonth.toISOString()}`;
  const [row] = await db
    .select({
      total: count(),
      totalBefore: count(sql`case when ${before} then 1 end`),
      active: count(sql`case when ${isActive} then 1 end`),
      activeBefore: count(sql`case when ${isActive} and ${before} then 1 end`),
      newThisMonth: count(sql`case when not (${before}) then 1 end`),
      newLastMonth: count(
        sql`case when ${users.created_at} >= ${lastMonth.toISOString()} and ${before} then 1 end`,
      ),
    })
    .from(users);
  const figures = row ?? {
    total: 0,
    totalBefore: 0,
    active: 0,
    activeBefore: 0,
    newThisMonth: 0,
    newLastMonth: 0,
  };
  const share = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));
  return [
    statistic(STATISTIC_TYPES.total, figures.total, figures.totalBefore, false),
    statistic(STATISTIC_TYPES.active, figures.active, figures.activeBefore, false),
    statistic(STATISTIC_TYPES.newThisMonth, figures.newThisMonth, figures.newLastMonth, false),
    statistic(
      STATISTIC_TYPES.activeShare,
      share(figures.active, figures.total),
      share(figures.activeBefore, figures.totalBefore),
      true,
    ),
  ];
}
