/**
 * The client that presents a refresh token, as the grace window compares it (issue 27 "Refresh
 * replay"): a parent token presented again inside the window counts as a retry only when it comes
 * from the client that rotated it, the same keyed address and the same User-Agent.
 */
import { createHmac } from 'node:crypto';
import { clientKey } from '../http/client-address';

/** A client as stored with a rotated token and compared on its next presentation. */
export interface RefreshClient {
  /** The client's address keyed as the login limits key it (`clientKey`: IPv4, or IPv6 /64); safe to log. */
  address: string;
  /** HMAC-SHA-256 of the User-Agent under the server's secret, base64url: never the header itself. */
  agentHash: string;
}

/**
 * The stored form of a request's client: `ip` as Fastify gives it (`request.ip`), `userAgent` the
 * User-Agent header (absent counts as empty), hashed under `secret` with a label of its own.
 */
export function refreshClient(secret: Uint8Array, ip: string, userAgent: string | undefined): RefreshClient {
  return {
    address: clientKey(ip),
    agentHash: createHmac('sha256', secret)
      .update(`refresh-client-agent:${userAgent ?? ''}`)
      .digest('base64url'),
  };
}
