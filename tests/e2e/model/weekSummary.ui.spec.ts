/**
 * weekSummaryMachine's generated paths through the 'This week at a glance' card of /dashboard (issue
 * 5: orders, revenue and average order value of the last 7 days against the 7 before), by the shared
 * widget replay of ./resource-ui.ts.
 */
import { expect } from '@playwright/test';
import weekSummaryModel from '../../model/models/weekSummary.model';
import { resourceUi } from './resource-ui';
import { coveringPaths, describeUiModel } from './ui-model';

describeUiModel(
  resourceUi({
    model: weekSummaryModel,
    url: '**/api/backoffice/dashboard/orders/summary',
    title: 'This week at a glance',
    loadingLabel: 'Loading this week at a glance',
    failedText: "Failed to load this week's figures.",
    expectLoaded: async (card, summary) => {
      // The model's week: 12 orders, £540.25, £45.02 on average; none the week before, so no change.
      expect(summary.previous.orders).toBe(0);
      for (const text of ['Orders', '12', 'Revenue', '£540.25', 'Average order value', '£45.02']) {
        await expect(card.getByText(text, { exact: true })).toBeVisible();
      }
      await expect(card.getByText('no orders the week before')).toHaveCount(3);
    },
  }),
  await coveringPaths(weekSummaryModel),
);
