/**
 * What a service can refuse, in the domain's words (issue 14 "Server": services throw domain
 * errors, one error handler maps them to HTTP). Services never speak HTTP: the mapping to status
 * codes and headers (Retry-After, RateLimit-*) lives in server/http/errors.ts alone. Every message
 * is written for people and reaches the client unchanged.
 */

/** How much of an attempt limit is left, for a caller that wants to pace itself (issue 13). */
export interface LimitState {
  /** The limit's maximum number of attempts per window. */
  limit: number;
  /** Attempts left in the current window. */
  remaining: number;
  /** Whole seconds until the window ends. */
  resetSeconds: number;
}

/** The kinds of refusal; each maps to one HTTP status in server/http/errors.ts. */
export type DomainErrorKind =
  | 'not_found'
  | 'conflict'
  | 'invalid_input'
  | 'unsupported_format'
  | 'not_authenticated'
  | 'forbidden'
  | 'too_many_attempts'
  | 'unavailable';

/** Options every domain error takes. */
export interface DomainErrorOptions {
  /** The attempt limit the refused request was counted against, when there is one. */
  limitState?: LimitState;
  /** What went wrong underneath (logged, never sent). */
  cause?: unknown;
}

/** The base of every refusal a service throws; `kind` says which. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly limitState: LimitState | undefined;

  constructor(message: string, options: DomainErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.limitState = options.limitState;
  }
}

/** The thing asked for does not exist (e.g. an unknown user, feed or token id). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** The request collides with what is stored (e.g. an email address already taken). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** A value breaks a rule; `field` names it when one field is to blame (the message names it too). */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid_input';
  readonly field: string | undefined;

  constructor(message: string, options: DomainErrorOptions & { field?: string } = {}) {
    super(message, options);
    this.field = options.field;
  }
}

/** Content in a format the service does not take (e.g. an avatar that is no JPEG, GIF or PNG). */
export class UnsupportedFormatError extends DomainError {
  readonly kind = 'unsupported_format';
}

/** The caller is not (or no longer) signed in: bad credentials, or a session or user gone. */
export class NotAuthenticatedError extends DomainError {
  readonly kind = 'not_authenticated';
}

/** The caller is signed in but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** An attempt limit is used up; try again after `retryAfterSeconds`. */
export class TooManyAttemptsError extends DomainError {
  readonly kind = 'too_many_attempts';

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options: DomainErrorOptions = {},
  ) {
    super(message, options);
  }
}

/** The service cannot answer now (busy, or its database is down); `retryAfterSeconds` when known. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';

  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    options: DomainErrorOptions = {},
  ) {
    super(message, options);
  }
}

/**
 * The message of a request that needed the database while it could not be used (issue 27). Screens
 * show the spec's failure text with this beside it (src/machines/failure-text.ts); the login form
 * shows it alone, as it does the other 503s.
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Try again in a few seconds.';

/**
 * When to come back (seconds) after that refusal: a PostgreSQL restart or fail-over takes a few
 * seconds, and the pool reconnects on the first request after it.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be used right now: unreachable, restarting, or its disk full or read-only
 * (issue 27). `reason` is a short phrase for the log (server/db/outage.ts); people get the message.
 */
export class DatabaseUnavailableError extends UnavailableError {
  constructor(
    readonly reason: string,
    options: DomainErrorOptions = {},
  ) {
    super(DATABASE_UNAVAILABLE_MESSAGE, DATABASE_RETRY_AFTER_SECONDS, options);
  }
}
