/** GET /api/health: the process answers and the database completes a round trip. */
import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from '@/api/schemas/common';
import { HealthResponse } from '@/api/schemas/health';
import type { AppServices } from '../app-services';
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
        200: { description: 'Healthy', schema: HealthResponse },
        503: { description: 'The database does not answer', schema: ErrorResponse },
      },
    },
    async ({ request }) => health.check(request.log),
  );
}
