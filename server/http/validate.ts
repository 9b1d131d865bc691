/**
 * Request validation with the shared valibot contract (ARCHITECTURE.md §3, "The contract is shared").
 */
import * as v from 'valibot';
import { HttpError } from './errors';

/** Which part of the request a schema checks; named in root-level messages. */
export type RequestPart = 'body' | 'query' | 'params';

/** What a schema checks: a part of the request, or the answer a route returns (logged when it breaks). */
export type CheckedPart = RequestPart | 'response';

const PART_NAMES: Record<CheckedPart, string> = {
  body: 'Request body',
  query: 'Query string',
  params: 'Path parameter',
  response: 'Response body',
};

/** valibot reports an absent key with a generic 'Invalid key' message; say it plainly instead. */
function isMissingKey(issue: v.BaseIssue<unknown>): boolean {
  return issue.input === undefined && issue.path?.at(-1)?.origin === 'key';
}

/**
 * Turns valibot issues into one sentence naming each field, e.g.
 * `email: Invalid email; password is required`.
 */
export function describeIssues(part: CheckedPart, issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const field = v.getDotPath(issue);
      if (field && isMissingKey(issue)) return `${field} is required`;
      return `${field ?? PART_NAMES[part]}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Validates `value` (a request's body, query or params) against `schema` and returns the typed
 * output. Throws `HttpError(400)` whose message names each failing field with the first rule it
 * breaks.
 */
export function parseRequest<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
  part: RequestPart,
): v.InferOutput<TSchema> {
  // One message per field, the first rule it breaks, as the forms show them.
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (!result.success) throw new HttpError(400, describeIssues(part, result.issues));
  return result.output;
}
