/**
 * Dashboard home at /dashboard (spec §2 Dashboard area, Dashboard home widgets): on large screens the orders-this-week card takes 8 of 12 columns and the
 * week-at-a-glance card 4; then the full-width panels.
 */
import { Grid, GridItem, Stack } from '@chakra-ui/react';
import { PageTitle } from '@/ui/PageTitle';
import { MonthlyStatisticsPanel } from './MonthlyStatisticsPanel';
import { TransactionsPanel } from './TransactionsPanel';
import { UserOrdersPanel } from './UserOrdersPanel';
import { WeekGlanceCard } from './WeekGlanceCard';
import { WeeklyOrdersCard } from './WeeklyOrdersCard';

/** Renders the dashboard home; every widget loads its own data. */
export function DashboardHomePage() {
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Stack gap="6">
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(12, minmax(0, 1fr))' }} gap="6">
          <GridItem colSpan={{ base: 1, lg: 8 }} data-testid="orders-this-week">
            <WeeklyOrdersCard />
          </GridItem>
          <GridItem colSpan={{ base: 1, lg: 4 }} data-testid="week-at-a-glance">
            <WeekGlanceCard />
          </GridItem>
        </Grid>
        <MonthlyStatisticsPanel />
        <TransactionsPanel />
        <UserOrdersPanel />
      </Stack>
    </>
  );
}
