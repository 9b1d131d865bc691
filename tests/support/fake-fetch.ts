/**
 * A fake `fetch` for tests of the HTTP client and its downloaders (issue 28): a client whose fetch
 * answers every call from the test's function and records each request, so a test checks what was
 * sent and what the client made of the answer without a server.
 */
import { vi } from 'vitest';
import type { Mock } from 'vitest';
import { createApiClient } from '@/api/client';

/** The prefix of the test clients: a host no test resolves. */
export const TEST_API_PREFIX = 'http://api.test/api/backoffice';

/**
 * An API client (`createApiClient`: `request` and `http`) on `TEST_API_PREFIX` whose `fetch` is a mock
 * that answers every call with `answer()` and records each request in `requests` (as `Request`s, so a
 * test reads method, URL, headers and body as the network would).
 */
export function clientAnswering(
  answer: () => Response | Promise<Response>,
): ReturnType<typeof createApiClient> & { fetch: Mock<typeof fetch>; requests: Request[] } {
  const requests: Request[] = [];
  const fake = vi.fn<typeof fetch>(async (input, init) => {
    requests.push(new Request(input, init));
    return answer();
  });
  return { ...createApiClient({ prefixUrl: TEST_API_PREFIX, fetch: fake }), fetch: fake, requests };
}

/** A JSON answer with `status` (200 by default) and `headers` besides its Content-Type. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The API's ErrorResponse answer (`{ statusCode, error, message }`) with `status` and `headers`. */
export function errorResponse(
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ statusCode: status, error, message }, status, headers);
}
