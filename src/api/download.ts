/**
 * File downloads of the /backoffice contract (spec §7 reports "treated as a file download"; issue 15
 * CSV exports): the answer as a blob with the name the server gave it.
 */
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './client';
import { ErrorResponse } from './schemas/common';

/** A downloaded report or export: the file and the name the server gave it. */
export interface ReportFile {
  blob: Blob;
  filename: string;
}

/** The file name of a `Content-Disposition` header (`filename="…"` or bare), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The `message` of an ErrorResponse body, or null for any other body. */
async function serverMessageOf(response: Response): Promise<string | null> {
  const parsed = v.safeParse(ErrorResponse, await response.json().catch(() => null));
  return parsed.success ? parsed.output.message : null;
}

/**
 * GET `path` (under the client's prefix, no leading slash) with `searchParams`, on a client's ky
 * instance (its hook adds the bearer access token to the Authorization header, never the URL).
 * Resolves with the body as a blob, named by the answer's `Content-Disposition`, or
 * `fallbackFilename` when it names none.
 * @throws ApiError kind 'http' with `status` on a non-OK answer (the message and `serverMessage` are
 *   the server's when its body is an ErrorResponse); 'network' without an answer; 'unauthorized'
 *   when no token is stored. An aborted download rethrows the abort error unchanged.
 */
export async function downloadFile(
  http: KyInstance,
  path: string,
  searchParams: Record<string, string | number | boolean>,
  fallbackFilename: string,
  signal?: AbortSignal,
): Promise<ReportFile> {
  let response: Response;
  try {
    response = await http(path, {
      method: 'get',
      searchParams,
      signal,
      context: { auth: 'access', token: undefined },
    });
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError(NETWORK_FAILURE_MESSAGE, { kind: 'network', cause: error });
  }
  if (!response.ok) {
    const serverMessage = await serverMessageOf(response);
    throw new ApiError(serverMessage ?? `Request failed with status ${response.status}`, {
      kind: 'http',
      status: response.status,
      serverMessage,
    });
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackFilename,
  };
}
