/** Model of the 'Orders this week' widget (spec §2), through the shared widget model of ../resource-model.ts. */
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import { weeklyOrdersMachine } from '@/machines/dashboardCards.machine';
import { defineResourceModel } from '../resource-model';

const WEEK: WeeklyOrders = [
  { date: '2025-01-27', total_price: 120.5 },
  { date: '2025-01-28', total_price: 0 },
  { date: '2025-01-29', total_price: 89.99 },
];

export default defineResourceModel(weeklyOrdersMachine, WEEK);
