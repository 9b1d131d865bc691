/**
 * The line chart of "Orders this week" (spec §2 Dashboard home widgets): react-chartjs-2 with exactly
 * the spec's options. Its own module so the card loads it after its first paint (issue 16: Chart.js
 * is the largest single piece of the dashboard's JavaScript and never belongs to the first load).
 */
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartData, ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatPounds } from '@/api/format';
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import { chartDayLabel } from './figures';

// Only the parts this chart draws (tree-shaken chart.js); the legend is hidden, so not registered.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

/** Spec §2: legend hidden, y axis from zero. */
const WEEKLY_CHART_OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true } },
};

/** The chart's data: one point per day; spec §2 smoothing 0.4, filled, radius 3 / hover 5, width 2. */
function weeklyChartData(days: WeeklyOrders): ChartData<'line'> {
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
        borderColor: '#0f766e',
        backgroundColor: 'rgba(20, 184, 166, 0.15)',
        pointBackgroundColor: '#0f766e',
      },
    ],
  };
}

/** The chart of `days` (pence per day), described for screen readers day by day. */
export default function WeeklyOrdersChart({ days }: { days: WeeklyOrders }) {
  return (
    <Line
      options={WEEKLY_CHART_OPTIONS}
      data={weeklyChartData(days)}
      role="img"
      aria-label={`Orders per day: ${days
        .map((day) => `${chartDayLabel(day.date)} ${formatPounds(day.total_price)}`)
        .join(', ')}`}
    />
  );
}
