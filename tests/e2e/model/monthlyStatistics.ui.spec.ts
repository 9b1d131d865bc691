/**
 * monthlyStatisticsMachine's generated paths through the 'Statistics this month' panel of /dashboard
 * (spec §2: tabs Top Products and Top Customers), by the shared widget replay of ./resource-ui.ts.
 */
import { expect } from '@playwright/test';
import monthlyStatisticsModel from '../../model/models/monthlyStatistics.model';
import { resourceUi } from './resource-ui';
import { coveringPaths, describeUiModel } from './ui-model';

describeUiModel(
  resourceUi({
    model: monthlyStatisticsModel,
    url: '**/api/backoffice/dashboard/statistics/monthly',
    title: 'Statistics this month',
    loadingLabel: 'Loading statistics this month',
    failedText: "Failed to load this month's statistics.",
    expectLoaded: async (panel, month) => {
      expect(month.top_products.length + month.top_customers.length).toBe(2);
      // Spec §2: Top Products first — name, sku and units of the model's one product.
      const products = panel.getByRole('table', { name: 'Top products this month' });
      for (const text of ['Magnesium Glycinate', 'SH-MAG-120', '14']) {
        await expect(products.getByText(text, { exact: true })).toBeVisible();
      }
      // Top Customers: name, email and spent in pounds.
      await panel.getByRole('tab', { name: 'Top Customers' }).click();
      const customers = panel.getByRole('table', { name: 'Top customers this month' });
      for (const text of ['Ada Lovelace', 'ada@example.com', '£310.40']) {
        await expect(customers.getByText(text, { exact: true })).toBeVisible();
      }
    },
  }),
  await coveringPaths(monthlyStatisticsModel),
);
