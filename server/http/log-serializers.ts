/**
 * What an error may put in the server log (issue 13; OWASP ASVS V16 "logging", V14 "data protection").
 * A failed Drizzle query carries the statement's parameters (password hashes, encrypted Shopify keys,
 * names, emails) in its message and fields, and PostgreSQL's `detail` repeats row values. Only the
 * named, value-free fields below reach a log line.
 */

/** An error as logged: type, message, stack, database codes and names, and its cause. */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  /** The stack's frames under `type: message` (just that line when the error had no stack). */
  stack: string;
  code?: string;
  statusCode?: number;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  cause?: LoggedError;
}

/** Named fields of driver errors (pg, PGlite) that hold names, never values. */
const NAME_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint'] as const;
const MAX_CAUSE_DEPTH = 3;

function isQueryError(error: Record<string, unknown>): error is Record<string, unknown> & { query: string } {
  return typeof error.query === 'string' && 'params' in error;
}

/**
 * Serialises `error` for pino (Fastify's `serializers.err`): a Drizzle query error keeps its SQL
 * text (placeholders only) and loses its parameters, wherever they appear (message, stack, fields);
 * a driver error keeps its code and the names of what it concerns, not its `detail`. Causes are
 * followed three levels deep. Never throws.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: String(error), stack: String(error) };
  }
  const fields = error as Record<string, unknown>;
  const originalMessage = typeof fields.message === 'string' ? fields.message : '';
  const message = isQueryError(fields) ? `Failed query: ${fields.query}` : originalMessage;
  const type = error.constructor?.name ?? 'Object';
  // The stack's first line repeats the message, parameters included: keep only the frames.
  const frames =
    typeof fields.stack === 'string' ? fields.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const name of NAME_FIELDS) {
    if (typeof fields[name] === 'string') logged[name] = fields[name];
  }
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (fields.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = serializeError(fields.cause, depth + 1);
  return logged;
}
