/** GET /api/health: liveness plus a database round trip (issue 2, "Server"). */
import * as v from 'valibot';

/** `database` says which engine answered the `select 1`: embedded PGlite or PostgreSQL. */
export const HealthResponse = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
});
export type HealthResponse = v.InferOutput<typeof HealthResponse>;
