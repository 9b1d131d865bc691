/**
 * GET /api/health: liveness plus a database round trip (issue 2, "Server"); `degraded` with its
 * reason while the database cannot be used (issue 27), answered with 503 and Retry-After so that a
 * load balancer or supervisor sees it as not ready.
 */
import * as v from 'valibot';

/** Which engine answered (or failed) the `select 1`: embedded PGlite or PostgreSQL. */
const HealthDatabase = v.picklist(['pglite', 'postgres']);

/** 200: the database completed the round trip. */
export const HealthOk = v.object({
  status: v.literal('ok'),
  database: HealthDatabase,
});

/**
 * 503: the process answers but its database does not; `reason` is a short phrase such as
 * 'connection refused' or 'database disk full' (never an address or a value).
 */
export const HealthDegraded = v.object({
  status: v.literal('degraded'),
  database: HealthDatabase,
  reason: v.string(),
});

/** Either answer, told apart by `status`. */
export const HealthResponse = v.variant('status', [HealthOk, HealthDegraded]);
export type HealthResponse = v.InferOutput<typeof HealthResponse>;
