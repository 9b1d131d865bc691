/**
 * The options and data of the "Orders this week" line chart (spec §2 Dashboard home widgets), as
 * pure functions so they are tested without a canvas:
 * - the y axis and the tooltip in pounds (spec §9 "£ for dashboard figures"; issue 30: the axis had
 *   no currency), written by Intl.NumberFormat en-GB GBP;
 * - today's day, when it is the last of the week, marked as partial (issue 30: a day not yet over
 *   looked like a collapse): the segment into it dashed, its point hollow, its tooltip and the
 *   chart's description saying 'Today so far', and a note under the chart (the legend stays hidden,
 *   spec §2).
 */
import type { ChartData, ChartOptions, ScriptableLineSegmentContext, TooltipItem } from 'chart.js';
import { formatPounds } from '@/api/format';
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import { chartDayLabel } from './figures';

/** The note under the chart and the tooltip's words for a day not yet over. */
export const TODAY_SO_FAR = 'Today so far';

/** The line's colour (also the note's dashed sample). */
export const LINE_COLOUR = '#0f766e';

/** The dash of the segment into today's partial day: 6 px drawn, 4 px gap. */
export const PARTIAL_DASH = [6, 4];

// Whole pounds on the axis ('£1,200'), pence only when a tick has them ('£0.50').
const axisPounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** A y-axis tick in pounds, e.g. 1200 → '£1,200', 0.5 → '£0.50' (spec §9: £ for dashboard figures). */
function axisTick(value: number | string): string {
  const pounds = Number(value);
  return Number.isInteger(pounds) ? axisPounds.format(pounds) : formatPounds(pounds);
}

/**
 * The index of today's day in `days` when it is the last one (`today` being London's `YYYY-MM-DD`),
 * else null (the week shown ended before today, e.g. a page left open past midnight).
 */
export function partialDayIndex(days: WeeklyOrders, today: string): number | null {
  const last = days.length - 1;
  return last >= 0 && days[last]?.date === today ? last : null;
}

/** A day's words for screen readers and the tooltip: 'Mon 2 £12.50', plus 'Today so far' if partial. */
export function dayDescription(days: WeeklyOrders, index: number, partial: number | null): string {
  const day = days[index];
  if (day === undefined) return '';
  const text = `${chartDayLabel(day.date)} ${formatPounds(day.total_price)}`;
  return index === partial ? `${text} (${TODAY_SO_FAR.toLowerCase()})` : text;
}

/**
 * Spec §2: legend hidden, y axis from zero; the axis ticks and the tooltip in pounds, the tooltip of
 * the partial day (index `partial`) saying so.
 */
export function weeklyChartOptions(partial: number | null): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<'line'>) =>
            item.dataIndex === partial
              ? `${formatPounds(item.parsed.y ?? 0)} (${TODAY_SO_FAR.toLowerCase()})`
              : formatPounds(item.parsed.y ?? 0),
        },
      },
    },
    scales: { y: { beginAtZero: true, ticks: { callback: (value) => axisTick(value) } } },
  };
}

/**
 * The chart's data: one point per day; spec §2 smoothing 0.4, filled, radius 3 / hover 5, width 2.
 * The segment into the partial day (index `partial`) is dashed and its point hollow.
 */
export function weeklyChartData(days: WeeklyOrders, partial: number | null): ChartData<'line'> {
  return {
    labels: days.map((day) => chartDayLabel(day.date)),
    datasets: [
      {
        label: 'Orders',
        data: days.map((day) => day.total_price),
        tension: 0.4,
        fill: true,
        pointRadius: 3,
        pointHoverRadius: 5,
        borderWidth: 2,
        borderColor: LINE_COLOUR,
        backgroundColor: 'rgba(20, 184, 166, 0.15)',
        pointBackgroundColor: days.map((_, index) => (index === partial ? '#ffffff' : LINE_COLOUR)),
        pointBorderColor: LINE_COLOUR,
        segment: {
          borderDash: (context: ScriptableLineSegmentContext) =>
            context.p1DataIndex === partial ? PARTIAL_DASH : undefined,
        },
      },
    ],
  };
}
