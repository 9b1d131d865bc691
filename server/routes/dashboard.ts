/**
 * The dashboard home's data under /api/backoffice/dashboard (spec §2 Dashboard home widgets, §7),
 * admin only (the guard applies by path): weekly orders, monthly statistics, the transactions and
 * user orders lists, their PDF reports and their CSV exports (issue 15).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  MonthlyStatistics,
  OrdersFilter,
  OrdersPage,
  OrdersQuery,
  TransactionsFilter,
  TransactionsPage,
  TransactionsQuery,
  WeekSummary,
  WeeklyOrders,
} from '@/api/schemas/dashboard';
import type { AppServices } from '../app-services';
import { defineRoute } from '../http/route';
import type { CsvExport } from '../reports/dashboard-exports';
import type { Report } from '../reports/dashboard-reports';

const TAGS = ['dashboard'];
const badFilter = { 400: { description: 'A bad page, limit, status or date, or an end before the start' } };
const pdfResponse = {
  200: {
    description: 'The PDF, as an attachment named after the report and its period',
    contentType: 'application/pdf',
  },
  ...badFilter,
};

/** Sends a report as a download that no cache keeps (it holds customer data). */
function sendReport(reply: FastifyReply, report: Report): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${report.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(report.stream);
}

const csvResponse = {
  200: {
    description: 'The CSV (header row, then every matching row newest first), as a dated attachment',
    contentType: 'text/csv',
  },
  ...badFilter,
};

/** Sends a CSV export as a download that no cache keeps (it holds customer data). */
function sendCsv(reply: FastifyReply, csv: CsvExport): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(csv.stream);
}

/** Route plugin; register with prefix /api/backoffice/dashboard. */
export async function dashboardRoutes(app: FastifyInstance, { dashboard }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/orders/weekly',
      summary: 'Order totals (inc VAT, pounds) of each of the last 7 London days, oldest first',
      tags: TAGS,
      responses: { 200: { description: 'Seven days', schema: WeeklyOrders } },
    },
    async () => dashboard.weeklyOrders(),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/orders/summary',
      summary: 'Orders, revenue and average order (pounds) of the last 7 London days and the 7 before',
      tags: TAGS,
      responses: { 200: { description: 'This week and the previous one', schema: WeekSummary } },
    },
    async () => dashboard.weekSummary(),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/statistics/monthly',
      summary: 'Top 10 products by units and top 10 customers by spend this calendar month',
      tags: TAGS,
      responses: { 200: { description: 'The two top lists', schema: MonthlyStatistics } },
    },
    async () => dashboard.monthlyStatistics(),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/transactions',
      summary:
        'A page of transactions filtered by status and London days (inclusive), in the order of `sort` (default newest first)',
      tags: TAGS,
      query: TransactionsQuery,
      responses: { 200: { description: 'One page', schema: TransactionsPage }, ...badFilter },
    },
    async ({ query }) => {
      const { page, limit, ...filter } = query;
      const result = await dashboard.transactions(filter, page, limit);
      return {
        transactions: result.rows,
        current_page: result.current_page,
        total_pages: result.total_pages,
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/transactions/report',
      summary: 'PDF of every transaction matching the filters, with totals',
      tags: TAGS,
      query: TransactionsFilter,
      responses: pdfResponse,
    },
    async ({ query, reply }) => sendReport(reply, await dashboard.transactionsReport(query)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/transactions/export.csv',
      summary: 'CSV of every transaction matching the filters of the list, amounts in dollars',
      tags: TAGS,
      query: TransactionsFilter,
      responses: csvResponse,
    },
    async ({ query, reply }) => sendCsv(reply, await dashboard.transactionsCsv(query)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/orders',
      summary:
        'A page of user orders within London days (inclusive), in the order of `sort` (default newest first)',
      tags: TAGS,
      query: OrdersQuery,
      responses: { 200: { description: 'One page', schema: OrdersPage }, ...badFilter },
    },
    async ({ query }) => {
      const { page, limit, ...filter } = query;
      const result = await dashboard.orders(filter, page, limit);
      return { orders: result.rows, current_page: result.current_page, total_pages: result.total_pages };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/orders/report',
      summary: 'PDF of every user order within the filter, with totals',
      tags: TAGS,
      query: OrdersFilter,
      responses: pdfResponse,
    },
    async ({ query, reply }) => sendReport(reply, await dashboard.ordersReport(query)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/orders/export.csv',
      summary: 'CSV of every user order within the filter of the list, costs in pounds',
      tags: TAGS,
      query: OrdersFilter,
      responses: csvResponse,
    },
    async ({ query, reply }) => sendCsv(reply, await dashboard.ordersCsv(query)),
  );
}
