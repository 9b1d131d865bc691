/** Model of the week at a glance widget (issue 5), through the shared widget model of ../resource-model.ts. */
import type { WeekSummary } from '@/api/schemas/dashboard';
import { weekSummaryMachine } from '@/machines/dashboardCards.machine';
import { defineResourceModel } from '../resource-model';

const SUMMARY: WeekSummary = {
  current: { orders: 12, revenue: 540.25, average_order_value: 45.02 },
  previous: { orders: 0, revenue: 0, average_order_value: 0 },
};

export default defineResourceModel(weekSummaryMachine, SUMMARY);
