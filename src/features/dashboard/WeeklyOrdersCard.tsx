/**
 * Orders this week (spec §2 Dashboard home widgets): the week's total in pounds and the line chart
 * of the last 7 days (`WeeklyOrdersChart`, loaded after the card's first paint).
 */
import { Box, Card, Skeleton, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { formatPounds } from '@/api/format';
import { weeklyOrdersMachine } from '@/machines/dashboardCards.machine';
import { failureText } from '@/machines/failure-text';
import { selectResourceView } from '@/machines/resource.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { weekTotal } from './figures';
import { WidgetFailure, WidgetLoading } from '@/ui/WidgetStatus';

/** The chart's height (a Chakra size). */
const CHART_HEIGHT = '64';

// Fetched only once the week's figures are on screen, so the cards paint before Chart.js arrives.
const WeeklyOrdersChart = lazy(() => import('./WeeklyOrdersChart'));

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
        {/* The total's line and the chart's height are held while loading: the cards below stay put. */}
        {view.status === 'loading' && <Skeleton h="9" w="32" />}
      </Card.Header>
      <Card.Body>
        {view.status === 'loading' && (
          <WidgetLoading lines={5} minH={CHART_HEIGHT} label="Loading orders this week" />
        )}
        {view.status === 'failed' && (
          <WidgetFailure
            message={failureText("Failed to load this week's orders.", view.error)}
            onRetry={() => actor.send({ type: 'resource.reload' })}
          />
        )}
        {view.status === 'loaded' && view.data && (
          <Box h={CHART_HEIGHT} position="relative">
            <Suspense fallback={<Skeleton h="full" aria-label="Loading the chart" />}>
              <WeeklyOrdersChart days={view.data} />
            </Suspense>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
