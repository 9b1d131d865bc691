/** Dashboard calls of the /backoffice contract (spec §7 /dashboard/*). */
import type { KyInstance } from 'ky';
import { createApiClient, request } from './client';
import { downloadFile } from './download';
import type { ReportFile } from './download';
import {
  MonthlyStatistics,
  OrdersPage,
  TransactionsPage,
  WeekSummary,
  WeeklyOrders,
} from './schemas/dashboard';

/** GET /dashboard/orders/weekly: seven `{date, total_price}` (pounds), oldest first. */
export function fetchWeeklyOrders(signal?: AbortSignal): Promise<WeeklyOrders> {
  return request(WeeklyOrders, 'get', 'dashboard/orders/weekly', { signal });
}

/** GET /dashboard/orders/summary: this week's and the previous week's order figures. */
export function fetchWeekSummary(signal?: AbortSignal): Promise<WeekSummary> {
  return request(WeekSummary, 'get', 'dashboard/orders/summary', { signal });
}

/** GET /dashboard/statistics/monthly: top products and customers of the month. */
export function fetchMonthlyStatistics(signal?: AbortSignal): Promise<MonthlyStatistics> {
  return request(MonthlyStatistics, 'get', 'dashboard/statistics/monthly', { signal });
}

/** Query of the transactions list: statuses as codes, days as `YYYY-MM-DD` ('' = no bound). */
export interface TransactionsRequest {
  page: number;
  status: readonly number[];
  start_date: string;
  end_date: string;
  /** The list's order (`amount`, `-date`, …; '' or none newest first): GET /dashboard/transactions' `sort`. */
  sort?: string;
}

/** The `sort` parameter of a list request, left out for the default order. */
function sortParam(query: { sort?: string }): Record<string, string> {
  return query.sort ? { sort: query.sort } : {};
}

function dayParams(query: { start_date: string; end_date: string }): Record<string, string> {
  return {
    ...(query.start_date ? { start_date: query.start_date } : {}),
    ...(query.end_date ? { end_date: query.end_date } : {}),
  };
}

function transactionFilterParams(query: Omit<TransactionsRequest, 'page'>): Record<string, string> {
  return {
    ...(query.status.length > 0 ? { status: query.status.join(',') } : {}),
    ...dayParams(query),
  };
}

/**
 * GET /dashboard/transactions with limit 100 (spec §9).
 * @throws ApiError (400 with the server's message for a bad filter, ...)
 */
export function fetchTransactions(
  query: TransactionsRequest,
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  return request(TransactionsPage, 'get', 'dashboard/transactions', {
    searchParams: { page: query.page, limit: 100, ...transactionFilterParams(query), ...sortParam(query) },
    signal,
  });
}

/** Query of the user orders list: days as `YYYY-MM-DD`. */
export interface OrdersRequest {
  page: number;
  start_date: string;
  end_date: string;
  /** The list's order (see TransactionsRequest.sort): GET /dashboard/orders' `sort`. */
  sort?: string;
}

/** GET /dashboard/orders with the default page size of 10 (spec §9). */
export function fetchOrders(query: OrdersRequest, signal?: AbortSignal): Promise<OrdersPage> {
  return request(OrdersPage, 'get', 'dashboard/orders', {
    searchParams: { page: query.page, limit: 10, ...dayParams(query), ...sortParam(query) },
    signal,
  });
}

/**
 * GET /dashboard/orders with `user_id`: customer `userId`'s latest `limit` orders, newest first, of
 * every day (issue 30: the customer's page).
 */
export function fetchCustomerOrders(
  userId: number,
  limit: number,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  return request(OrdersPage, 'get', 'dashboard/orders', {
    searchParams: { page: 1, limit, user_id: userId },
    signal,
  });
}

/** GET /dashboard/transactions with `user_id`: as {@link fetchCustomerOrders}, for transactions. */
export function fetchCustomerTransactions(
  userId: number,
  limit: number,
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  return request(TransactionsPage, 'get', 'dashboard/transactions', {
    searchParams: { page: 1, limit, user_id: userId },
    signal,
  });
}

/**
 * Which list's file, with the list's filters: its PDF report (spec §7), or with `format: 'csv'` its
 * CSV export (issue 15, GET /dashboard/{kind}/export.csv).
 */
export type ReportRequest = (
  | { kind: 'transactions'; status: readonly number[]; start_date: string; end_date: string }
  | { kind: 'orders'; start_date: string; end_date: string }
) & { format?: 'pdf' | 'csv' };

/** The path of a request's file under /backoffice. */
function reportPath(report: ReportRequest): string {
  return report.format === 'csv' ? `dashboard/${report.kind}/export.csv` : `dashboard/${report.kind}/report`;
}

/** Downloads one report; see {@link downloadReport}. */
export type ReportDownloader = (report: ReportRequest, signal?: AbortSignal) => Promise<ReportFile>;

/**
 * Builds the report and export downloader on a client's ky instance (its hook adds the bearer
 * token); tests pass one built with `createApiClient({ prefixUrl, fetch })`.
 */
export function createReportDownloader(http: KyInstance): ReportDownloader {
  return (report, signal) =>
    downloadFile(
      http,
      reportPath(report),
      report.kind === 'transactions' ? transactionFilterParams(report) : dayParams(report),
      report.format === 'csv' ? `${report.kind}.csv` : `${report.kind}-report.pdf`,
      signal,
    );
}

/**
 * GET /dashboard/transactions/report or /dashboard/orders/report (or their export.csv) as a file
 * (spec §7: "treated as a file download"), with the app's client. The bearer token goes in the
 * Authorization header, never in the URL.
 * @throws ApiError kind 'http' with `status` (and the server's message) on a non-OK answer;
 *   'network' without an answer; 'unauthorized' when no token is stored
 */
export const downloadReport: ReportDownloader = createReportDownloader(createApiClient().http);
