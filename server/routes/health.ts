/** GET /api/health: the process answers and the database completes a round trip. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from '@/api/schemas/common';
import { HealthResponse } from '@/api/schemas/health';
import type { AppServices } from '../app';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';

/** Route plugin; register with prefix /api. */
export async function healthRoutes(app: FastifyInstance, { config, db }: AppServices): Promise<void> {
  // openDatabase picks PostgreSQL exactly when DATABASE_URL is set.
  const database: HealthResponse['database'] = config.databaseUrl ? 'postgres' : 'pglite';
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/health',
      summary: 'Liveness and database round trip',
      tags: ['system'],
      responses: {
        200: { description: 'Healthy', schema: HealthResponse },
        503: { description: 'The database does not answer', schema: ErrorResponse },
      },
    },
    async ({ request }) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const, database };
    },
  );
}
