/**
 * The line chart of "Orders this week" (spec §2 Dashboard home widgets): react-chartjs-2 with the
 * spec's options, the axis in pounds and today's partial day marked as partial (weekly-chart.ts,
 * issue 30), with the note 'Today so far' under it while today is shown. Its own module so the card
 * loads it after its first paint (issue 16: Chart.js is the largest single piece of the dashboard's
 * JavaScript and never belongs to the first load).
 */
import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { londonDay } from '@/api/days';
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import {
  LINE_COLOUR,
  TODAY_SO_FAR,
  dayDescription,
  partialDayIndex,
  weeklyChartData,
  weeklyChartOptions,
} from './weekly-chart';

// Only the parts this chart draws (tree-shaken chart.js); the legend is hidden, so not registered.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

/** The chart of `days` (pounds per day), described for screen readers day by day. */
export default function WeeklyOrdersChart({ days }: { days: WeeklyOrders }) {
  // Today is read when the chart draws: the week's last day is partial only while it is today.
  const partial = partialDayIndex(days, londonDay(new Date()));
  return (
    <Flex direction="column" h="full" gap="1">
      <Box flex="1" minH="0" position="relative">
        <Line
          options={weeklyChartOptions(partial)}
          data={weeklyChartData(days, partial)}
          role="img"
          aria-label={`Orders per day: ${days.map((_, index) => dayDescription(days, index, partial)).join(', ')}`}
        />
      </Box>
      {partial !== null && (
        <HStack gap="2" justify="flex-end" aria-hidden>
          <Box as="span" w="6" borderTopWidth="2px" borderTopStyle="dashed" borderColor={LINE_COLOUR} />
          <Text fontSize="xs" color="fg.muted">
            {TODAY_SO_FAR}
          </Text>
        </HStack>
      )}
    </Flex>
  );
}
