/** GET /api/openapi.json: the OpenAPI 3.1 document of every route declared with defineRoute. */
import type { FastifyInstance } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import type { AppServices } from '../app-services';

/** Route plugin; register with prefix /api. */
export async function openApiRoutes(app: FastifyInstance, { registry }: AppServices): Promise<void> {
  // Built on first request: by then every plugin has registered its routes.
  let document: object | undefined;
  app.get('/openapi.json', async () => {
    document ??= registry.document(packageJson.version);
    return document;
  });
}
