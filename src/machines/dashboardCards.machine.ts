/**
 * The dashboard's three widgets that load once (spec §2 Dashboard: the 'Orders this week' chart, the
 * week at a glance card, the monthly statistics): each a resource statechart (resource.machine.ts)
 * over its GET call of spec §7. They live here rather than in their components so that, like every
 * statechart, they have a model, a reviewed table and a page in the reviewer's viewer.
 */
import { fetchMonthlyStatistics, fetchWeekSummary, fetchWeeklyOrders } from '@/api/dashboard';
import type { MonthlyStatistics, WeekSummary, WeeklyOrders } from '@/api/schemas/dashboard';
import { createResourceMachine } from './resource.machine';

/** Spec §2 'Orders this week': GET /dashboard/orders/weekly for the line chart. */
export const weeklyOrdersMachine = createResourceMachine<WeeklyOrders>({
  id: 'weeklyOrders',
  load: fetchWeeklyOrders,
});

/** Issue 5's week at a glance card: GET /dashboard/orders/summary. */
export const weekSummaryMachine = createResourceMachine<WeekSummary>({
  id: 'weekSummary',
  load: fetchWeekSummary,
});

/** Spec §2 monthly statistics (top products and customers): GET /dashboard/statistics/monthly. */
export const monthlyStatisticsMachine = createResourceMachine<MonthlyStatistics>({
  id: 'monthlyStatistics',
  load: fetchMonthlyStatistics,
});
