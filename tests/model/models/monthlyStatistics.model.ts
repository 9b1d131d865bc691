/** Model of the Statistics this month widget (spec §2), through the shared widget model of ../resource-model.ts. */
import type { MonthlyStatistics } from '@/api/schemas/dashboard';
import { monthlyStatisticsMachine } from '@/machines/dashboardCards.machine';
import { defineResourceModel } from '../resource-model';

const MONTH: MonthlyStatistics = {
  top_products: [{ name: 'Magnesium Glycinate', sku: 'SH-MAG-120', image: null, total_quantity: 14 }],
  top_customers: [{ name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, total_spent: 310.4 }],
};

export default defineResourceModel(monthlyStatisticsMachine, MONTH);
