/** GET /api/health: the process answers and the database completes a round trip. */
import type { FastifyInstance } from 'fastify';
import { HealthDegraded, HealthOk } from '@/api/schemas/health';
import type { AppServices } from '../app-services';
import { DATABASE_RETRY_AFTER_SECONDS } from '../domain-errors';
import { defineRoute } from '../http/route';

/** Route plugin; register with prefix /api. */
export async function healthRoutes(app: FastifyInstance, { health }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/health',
      summary: 'Liveness and database round trip',
      tags: ['system'],
      responses: {
        200: { description: 'Healthy', schema: HealthOk },
        503: {
          description: 'Degraded: the database cannot be used; the reason says why',
          schema: HealthDegraded,
        },
      },
    },
    async ({ request, reply }) => {
      const result = await health.check(request.log);
      if (result.status === 'ok') return result;
      // Not ready: a load balancer takes the process out of rotation until the database is back.
      return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send(result);
    },
  );
}
