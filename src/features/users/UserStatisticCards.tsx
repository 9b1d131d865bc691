/**
 * The four user statistic cards (spec §2 "User statistic cards"): 4 pulsing placeholders while
 * loading, the red box on failure (the spec's text, the reason beside it and Retry, issue 30), else
 * one card per statistic.
 *
 * Issue 30: on a phone the cards are a compact two-by-two block (smaller value, tighter padding), so
 * the users list starts in the first screenful; they stay before the list in the page's order (the
 * spec's order, and the order a screen reader reads), rather than moving after it.
 */
import { Button, Card, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { UserStatistic } from '@/api/schemas/users';
import {
  USER_STATISTICS_FAILED_MESSAGE,
  USER_STATISTICS_PLACEHOLDERS,
  formatStatisticValue,
  statisticChange,
  userStatisticsMachine,
} from '@/machines/userStatistics.machine';
import type { UserStatisticsSnapshot } from '@/machines/userStatistics.machine';
import { useScreenActor } from '@/routes/screen-actor';

// The cards render every part of the snapshot (state and statistics), so they read it whole.
const selectSnapshot = (snapshot: UserStatisticsSnapshot) => snapshot;

/** Status text tokens of the theme: 700 shades, at least 4.5:1 on white (issue 15 finding 8). */
const TONE_COLOURS = { up: 'fg.success', down: 'fg.error', flat: 'fg.muted' } as const;

function StatisticCard({ statistic }: { statistic: UserStatistic }) {
  const change = statisticChange(statistic.change_percentage);
  return (
    <Card.Root size="sm" data-testid="user-statistic">
      <Card.Body gap="1" p={{ base: '3', md: '4' }}>
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" letterSpacing="wide">
          {statistic.type.toUpperCase()}
        </Text>
        <Text fontSize={{ base: 'lg', md: '2xl' }} fontWeight="bold">
          {formatStatisticValue(statistic.current_value, statistic.is_percentage)}
        </Text>
        <HStack gap="2" fontSize={{ base: 'xs', md: 'sm' }} wrap="wrap" rowGap="0">
          <HStack gap="0.5" color={TONE_COLOURS[change.tone]} fontWeight="medium">
            {change.tone === 'up' && <ChevronUp size={16} aria-label="Up" role="img" />}
            {change.tone === 'down' && <ChevronDown size={16} aria-label="Down" role="img" />}
            <Text as="span">{change.text}</Text>
          </HStack>
          <Text as="span" color="fg.muted">
            from {formatStatisticValue(statistic.previous_value, statistic.is_percentage)}
          </Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Loads GET /users/statistics and renders the cards, placeholders or the error box with Retry. */
export function UserStatisticCards() {
  const actor = useScreenActor(userStatisticsMachine);
  const snapshot = useSelector(actor, selectSnapshot);
  if (snapshot.matches('failed')) {
    return (
      <HStack
        role="alert"
        bg="red.50"
        color="red.700"
        borderWidth="1px"
        borderColor="red.200"
        borderRadius="md"
        p="4"
        mb="6"
        gap="4"
        wrap="wrap"
      >
        <Text>{USER_STATISTICS_FAILED_MESSAGE}</Text>
        {snapshot.context.failure !== null && <Text>{snapshot.context.failure}</Text>}
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => actor.send({ type: 'retry' })}>
          Retry
        </Button>
      </HStack>
    );
  }
  return (
    <SimpleGrid
      columns={{ base: 2, md: 3, xl: 4 }}
      gap={{ base: '2', md: '4' }}
      mb="6"
      aria-busy={snapshot.matches('loading')}
    >
      {snapshot.matches('loading')
        ? Array.from({ length: USER_STATISTICS_PLACEHOLDERS }, (_, index) => (
            <Skeleton
              key={index}
              height={{ base: '20', md: '28' }}
              borderRadius="md"
              data-testid="statistic-placeholder"
            />
          ))
        : snapshot.context.statistics.map((statistic) => (
            <StatisticCard key={statistic.type} statistic={statistic} />
          ))}
    </SimpleGrid>
  );
}
