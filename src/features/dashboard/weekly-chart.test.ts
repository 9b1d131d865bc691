import type { ScriptableLineSegmentContext, TooltipItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import {
  PARTIAL_DASH,
  dayDescription,
  partialDayIndex,
  weeklyChartData,
  weeklyChartOptions,
} from './weekly-chart';

/** A week ending on Sunday 8 June 2025, its last day (today in these tests) hardly begun. */
const WEEK: WeeklyOrders = [
  { date: '2025-06-02', total_price: 1200 },
  { date: '2025-06-03', total_price: 980.5 },
  { date: '2025-06-04', total_price: 1310 },
  { date: '2025-06-05', total_price: 1105.25 },
  { date: '2025-06-06', total_price: 1420 },
  { date: '2025-06-07', total_price: 990 },
  { date: '2025-06-08', total_price: 75 },
];

/** The y axis's tick callback and the tooltip's label callback of the options for `partial`. */
function callbacks(partial: number | null) {
  const options = weeklyChartOptions(partial);
  const tick = options.scales?.y?.ticks?.callback as (value: number | string) => string;
  const label = options.plugins?.tooltip?.callbacks?.label as (item: TooltipItem<'line'>) => string;
  return {
    tick: (value: number | string) => tick.call(undefined as never, value),
    label: (dataIndex: number, y: number) =>
      label.call(undefined as never, { dataIndex, parsed: { y } } as TooltipItem<'line'>),
  };
}

/** The dash of the segment from point `p1 - 1` to point `p1`. */
function dashInto(data: ReturnType<typeof weeklyChartData>, p1: number) {
  const segment = data.datasets[0]?.segment as {
    borderDash: (context: ScriptableLineSegmentContext) => number[] | undefined;
  };
  return segment.borderDash({ p0DataIndex: p1 - 1, p1DataIndex: p1 } as ScriptableLineSegmentContext);
}

describe('the weekly orders chart (issue 30)', () => {
  it('writes the y axis in pounds, en-GB (spec §9: £ for dashboard figures)', () => {
    const { tick } = callbacks(null);
    expect(tick(0)).toBe('£0');
    expect(tick(1200)).toBe('£1,200');
    expect(tick('250')).toBe('£250');
    expect(tick(0.5)).toBe('£0.50');
  });

  it("takes the week's last day as partial only when it is today", () => {
    expect(partialDayIndex(WEEK, '2025-06-08')).toBe(6);
    expect(partialDayIndex(WEEK, '2025-06-09'), 'a week that ended before today').toBeNull();
    expect(partialDayIndex([], '2025-06-08')).toBeNull();
  });

  it('dashes the segment into the partial day only, and draws its point hollow', () => {
    const data = weeklyChartData(WEEK, 6);
    expect(dashInto(data, 6)).toEqual(PARTIAL_DASH);
    for (const p1 of [1, 2, 3, 4, 5]) expect(dashInto(data, p1), `segment into ${p1}`).toBeUndefined();
    expect(data.datasets[0]?.pointBackgroundColor).toEqual([...Array(6).fill('#0f766e'), '#ffffff']);
    expect(data.labels).toEqual(['Mon 2', 'Tue 3', 'Wed 4', 'Thu 5', 'Fri 6', 'Sat 7', 'Sun 8']);
  });

  it('leaves every segment solid when no day is partial', () => {
    const data = weeklyChartData(WEEK, null);
    for (const p1 of [1, 2, 3, 4, 5, 6]) expect(dashInto(data, p1)).toBeUndefined();
  });

  it("says 'today so far' in the partial day's tooltip and description, pounds in every one", () => {
    const { label } = callbacks(6);
    expect(label(6, 75)).toBe('£75.00 (today so far)');
    expect(label(2, 1310)).toBe('£1,310.00');
    expect(dayDescription(WEEK, 6, 6)).toBe('Sun 8 £75.00 (today so far)');
    expect(dayDescription(WEEK, 1, 6)).toBe('Tue 3 £980.50');
  });

  it('keeps spec §2: legend hidden, y axis from zero', () => {
    const options = weeklyChartOptions(null);
    expect(options.plugins?.legend?.display).toBe(false);
    expect((options.scales?.y as { beginAtZero?: boolean }).beginAtZero).toBe(true);
  });
});
