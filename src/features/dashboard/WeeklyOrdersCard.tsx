/**
 * Orders this week (spec §2 Dashboard home widgets): a react-chartjs-2 line chart of the last 7
 * days with exactly the spec's options, and the week's total in pounds.
 */
import { Box, Card, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
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
import { fetchWeeklyOrders } from '@/api/dashboard';
import { formatPounds } from '@/api/format';
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import { createResourceMachine, selectResourceView } from '@/machines/resource.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { chartDayLabel, weekTotal } from './figures';
import { WidgetFailure, WidgetLoading } from './WidgetStatus';

// Only the parts this chart draws (tree-shaken chart.js); the legend is hidden, so not registered.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

const weeklyOrdersMachine = createResourceMachine<WeeklyOrders>({
  id: 'weeklyOrders',
  load: fetchWeeklyOrders,
});

/** Spec §2: legend hidden, y axis from zero. */
export const WEEKLY_CHART_OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true } },
};

/** The chart's data: one point per day; spec §2 smoothing 0.4, filled, radius 3 / hover 5, width 2. */
export function weeklyChartData(days: WeeklyOrders): ChartData<'line'> {
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

/** The card; loads its own data when it mounts. */
export function WeeklyOrdersCard() {
  const actor = useScreenActor(weeklyOrdersMachine);
  const view = useSelector(actor, selectResourceView);
  return (
    <Card.Root h="full">
      <Card.Header>
        <Card.Title as="h2">Orders this week</Card.Title>
        {view.data && (
          <Text fontSize="2xl" fontWeight="bold" data-testid="weekly-total">
            {formatPounds(weekTotal(view.data))}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        {view.status === 'loading' && <WidgetLoading lines={5} label="Loading orders this week" />}
        {view.status === 'failed' && (
          <WidgetFailure
            message="Failed to load this week's orders."
            onRetry={() => actor.send({ type: 'resource.reload' })}
          />
        )}
        {view.status === 'loaded' && view.data && (
          <Box h="64" position="relative">
            <Line
              options={WEEKLY_CHART_OPTIONS}
              data={weeklyChartData(view.data)}
              role="img"
              aria-label={`Orders per day: ${view.data
                .map((day) => `${chartDayLabel(day.date)} ${formatPounds(day.total_price)}`)
                .join(', ')}`}
            />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
