/**
 * The dashboard's second card (its content is not in the spec; issue 5): this week at a glance —
 * orders, revenue and average order value of the last 7 days, each against the 7 days before.
 */
import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { formatPounds } from '@/api/format';
import { weekSummaryMachine } from '@/machines/dashboardCards.machine';
import { failureText } from '@/machines/failure-text';
import { selectResourceView } from '@/machines/resource.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { percentChange } from './figures';
import { WidgetFailure, WidgetLoading } from '@/ui/WidgetStatus';

/** The change against last week, coloured like the user statistic cards (spec §2). */
function Change({ change }: { change: number | null }) {
  if (change === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        no orders the week before
      </Text>
    );
  }
  const colour = change > 0 ? 'fg.success' : change < 0 ? 'fg.error' : 'fg.muted';
  return (
    <HStack gap="1" color={colour} fontSize="sm">
      {change > 0 && <ChevronUp aria-hidden size={16} />}
      {change < 0 && <ChevronDown aria-hidden size={16} />}
      <Text>
        {change === 0 ? '0.0%' : `${Math.abs(change).toFixed(1)}%`}
        <Text as="span" srOnly>
          {change > 0 ? ' up' : change < 0 ? ' down' : ''} on last week
        </Text>
      </Text>
    </HStack>
  );
}

/** The card; loads its own data when it mounts. */
export function WeekGlanceCard() {
  const actor = useScreenActor(weekSummaryMachine);
  const view = useSelector(actor, selectResourceView);
  const summary = view.data;
  const rows = summary
    ? [
        {
          label: 'Orders',
          value: String(summary.current.orders),
          now: summary.current.orders,
          before: summary.previous.orders,
        },
        {
          label: 'Revenue',
          value: formatPounds(summary.current.revenue),
          now: summary.current.revenue,
          before: summary.previous.revenue,
        },
        {
          label: 'Average order value',
          value: formatPounds(summary.current.average_order_value),
          now: summary.current.average_order_value,
          before: summary.previous.average_order_value,
        },
      ]
    : [];
  return (
    <Card.Root h="full">
      <Card.Header>
        <Card.Title as="h2">This week at a glance</Card.Title>
        <Card.Description>Last 7 days against the 7 days before</Card.Description>
      </Card.Header>
      <Card.Body>
        {view.status === 'loading' && <WidgetLoading label="Loading this week at a glance" />}
        {view.status === 'failed' && (
          <WidgetFailure
            message={failureText("Failed to load this week's figures.", view.error)}
            onRetry={() => actor.send({ type: 'resource.reload' })}
          />
        )}
        {view.status === 'loaded' && (
          <Stack as="dl" gap="4">
            {rows.map((row) => (
              <Stack key={row.label} gap="0.5">
                <Text as="dt" fontSize="sm" color="fg.muted" textTransform="uppercase">
                  {row.label}
                </Text>
                {/* A dl's groups may hold only dt and dd, so the change sits inside the dd. */}
                <Stack as="dd" gap="0.5">
                  <Text fontSize="xl" fontWeight="semibold">
                    {row.value}
                  </Text>
                  <Change change={percentChange(row.now, row.before)} />
                </Stack>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
