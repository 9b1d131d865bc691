/**
 * The dashboard home's data (spec §2 Dashboard home widgets, §7 /dashboard/*): the reads of
 * ./queries.ts and the PDF reports and CSV exports of server/reports, bound to the app's database and clock.
 * Behind server/routes/dashboard.ts.
 */
import type {
  MonthlyStatistics,
  OrdersFilter,
  TransactionsFilter,
  WeekSummary,
  WeeklyOrders,
} from '@/api/schemas/dashboard';
import type { Db } from '../db/open';
import { ordersCsv, transactionsCsv } from '../reports/dashboard-exports';
import type { CsvExport } from '../reports/dashboard-exports';
import { ordersReport, transactionsReport } from '../reports/dashboard-reports';
import type { Report } from '../reports/dashboard-reports';
import { listOrders, listTransactions, monthlyStatistics, weekSummary, weeklyOrders } from './queries';
import type {
  OrderRecord,
  OrdersListFilter,
  Page,
  TransactionRecord,
  TransactionsListFilter,
} from './queries';

/** What the dashboard service needs from the app. */
export interface DashboardDeps {
  db: Db;
  /** The clock: "today", "this week" and "this month" are read from it on every call. */
  now: () => Date;
}

/** The dashboard service bound to the app's dependencies, as route plugins receive it (AppServices). */
export interface DashboardService {
  /** Order totals of each of the last 7 London days (see weeklyOrders). */
  weeklyOrders(): Promise<WeeklyOrders>;
  /** The last 7 London days against the 7 before (see weekSummary). */
  weekSummary(): Promise<WeekSummary>;
  /** This calendar month's top products and customers (see monthlyStatistics). */
  monthlyStatistics(): Promise<MonthlyStatistics>;
  /** One page of transactions (see listTransactions). */
  transactions(filter: TransactionsListFilter, page: number, limit: number): Promise<Page<TransactionRecord>>;
  /** The PDF of every transaction matching `filter`; rejects when its first query fails. */
  transactionsReport(filter: TransactionsFilter): Promise<Report>;
  /** The CSV of every transaction matching `filter`; rejects when its first query fails. */
  transactionsCsv(filter: TransactionsFilter): Promise<CsvExport>;
  /** One page of user orders (see listOrders). */
  orders(filter: OrdersListFilter, page: number, limit: number): Promise<Page<OrderRecord>>;
  /** The PDF of every user order within `filter`; rejects when its first query fails. */
  ordersReport(filter: OrdersFilter): Promise<Report>;
  /** The CSV of every user order within `filter`; rejects when its first query fails. */
  ordersCsv(filter: OrdersFilter): Promise<CsvExport>;
}

/** The dashboard service over `deps`. */
export function createDashboardService({ db, now }: DashboardDeps): DashboardService {
  return {
    weeklyOrders: () => weeklyOrders(db, now()),
    weekSummary: () => weekSummary(db, now()),
    monthlyStatistics: () => monthlyStatistics(db, now()),
    transactions: (filter, page, limit) => listTransactions(db, filter, page, limit),
    transactionsReport: (filter) => transactionsReport(db, filter, now()),
    transactionsCsv: (filter) => transactionsCsv(db, filter),
    orders: (filter, page, limit) => listOrders(db, filter, page, limit),
    ordersReport: (filter) => ordersReport(db, filter, now()),
    ordersCsv: (filter) => ordersCsv(db, filter),
  };
}
