/**
 * weeklyOrdersMachine's generated paths through the 'Orders this week' card of /dashboard (spec §2:
 * the week's total in pounds and a line chart of the days), by the shared widget replay of
 * ./resource-ui.ts.
 */
import { expect } from '@playwright/test';
import weeklyOrdersModel from '../../model/models/weeklyOrders.model';
import { resourceUi } from './resource-ui';
import { coveringPaths, describeUiModel } from './ui-model';

describeUiModel(
  resourceUi({
    model: weeklyOrdersModel,
    url: '**/api/backoffice/dashboard/orders/weekly',
    title: 'Orders this week',
    loadingLabel: 'Loading orders this week',
    failedText: "Failed to load this week's orders.",
    expectLoaded: async (card, days) => {
      // The model's days: £120.50 + £0 + £89.99.
      expect(days.length).toBe(3);
      await expect(card.getByTestId('weekly-total')).toHaveText('£210.49');
      await expect(card.locator('canvas')).toBeVisible();
    },
  }),
  await coveringPaths(weeklyOrdersModel),
);
