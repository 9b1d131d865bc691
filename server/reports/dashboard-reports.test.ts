import { describe, expect, it } from 'vitest';
import type { Db } from '../db/open';
import { ordersReport, transactionsReport } from './dashboard-reports';

const LOST = 'connection to the database was lost';

/** A database whose every query fails, as when the connection drops under a report. */
const failingDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error(LOST);
    },
  },
) as Db;

describe('dashboard reports whose first query fails (issue 13 point 6)', () => {
  it('reject before any PDF byte is made, so the route can still answer an error status', async () => {
    const now = new Date('2025-06-02T09:00:00Z');
    await expect(transactionsReport(failingDb, {}, now)).rejects.toThrow(LOST);
    await expect(ordersReport(failingDb, { start_date: '2025-06-01' }, now)).rejects.toThrow(LOST);
  });
});
