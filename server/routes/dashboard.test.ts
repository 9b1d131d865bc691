import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../app-services';
import { createDashboardService } from '../dashboard/dashboard-service';
import type { DashboardDeps } from '../dashboard/dashboard-service';
import { installErrorHandler } from '../http/errors';
import { dashboardRoutes } from './dashboard';

type Db = DashboardDeps['db'];

/** A database whose every query fails, as when the connection drops under a report. */
const failingDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('connection to the database was lost');
    },
  },
) as Db;

/** The dashboard routes alone on `db`, with the app's error handler. */
async function dashboardApp(db: Db): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  const now = () => new Date('2025-06-02T09:00:00Z');
  const services = { dashboard: createDashboardService({ db, now }) } as AppServices;
  await app.register((scope) => dashboardRoutes(scope, services), { prefix: '/dashboard' });
  await app.ready();
  return app;
}

describe('a dashboard report or export whose query fails (issue 13 point 6)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it.each([
    '/dashboard/transactions/report?status=1',
    '/dashboard/orders/report?end_date=2025-06-02',
    '/dashboard/transactions/export.csv?status=1',
    '/dashboard/orders/export.csv?end_date=2025-06-02',
  ])('GET %s answers a JSON 500, not a 200 with a file cut short', async (url) => {
    app = await dashboardApp(failingDb);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
  });
});
