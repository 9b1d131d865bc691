/**
 * The one way a failure is worded for a person (issue 15 "The server's reason is hidden"): the spec's
 * text first, then the reason when there is one, e.g. 'Failed to update info: You cannot deactivate
 * your own account'.
 */
import { ApiError } from '@/api/client';

/**
 * The reason a request failed, in words a person can read: the server's ErrorResponse `message`
 * when it sent one, else the client's own wording of the failure (`ApiError.message`, e.g. 'Could
 * not reach the server'); null for anything that is not an `ApiError` (a bug, already logged).
 */
export function failureReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const reason = (error.serverMessage ?? error.message).trim();
  return reason === '' ? null : reason;
}

/**
 * `specText` followed by the reason of `error` (see {@link failureReason}): `'<spec text>: <reason>'`,
 * with a trailing '.' or '!' of the spec text dropped before the colon; `specText` alone when there is
 * no reason or the reason says the same thing.
 */
export function failureText(specText: string, error: unknown): string {
  const reason = failureReason(error);
  const lead = specText.replace(/[.!]+$/, '');
  if (reason === null || reason.replace(/[.!]+$/, '') === lead) return specText;
  return `${lead}: ${reason}`;
}
