/**
 * API tokens contract (spec §3 API token, §4 "Token revoked flag", §7 /users/{userId}/tokens calls;
 * issue 15: an optional name per token and when it was last used).
 */
import * as v from 'valibot';
import { withoutControlCharacters } from './common';

/**
 * A user's API token (spec §3) as listed: the secret itself is shown once, when it is issued
 * (ApiTokenSecret, issue 30), and afterwards only its first characters (`token_prefix`).
 */
export const ApiToken = v.object({
  id: v.number(),
  /** The admin's label for the token; null when it has none (issue 15). */
  name: v.nullable(v.string()),
  revoked: v.boolean(),
  /** The token's first characters (`pf_live_` and 4 more), enough to tell tokens apart (issue 30). */
  token_prefix: v.string(),
  used_requests: v.number(),
  total_requests: v.number(),
  /** When a feed pull with this token was last accepted (ISO 8601); null: never used (issue 15). */
  last_used_at: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.nullable(v.string()),
});
export type ApiToken = v.InferOutput<typeof ApiToken>;

/** A newly issued token with its whole secret: answered once, by the POST that issues it (issue 30). */
export const ApiTokenSecret = v.object({ ...ApiToken.entries, token: v.string() });
export type ApiTokenSecret = v.InferOutput<typeof ApiTokenSecret>;

/** GET /users/{userId}/tokens answer, newest first. */
export const ApiTokenList = v.array(ApiToken);

/** Spec §8: the toast after adding a token. */
export const TOKEN_ADDED_MESSAGE = 'Added new token successfully';

/** The longest token name, in characters (UTF-16 code units), after trimming. */
export const TOKEN_NAME_MAX_LENGTH = 100;

/** What a token name that breaks a rule answers (the form shows it under the field; the API after 'name: '). */
export const TOKEN_NAME_MESSAGES = {
  tooLong: `Name must be at most ${TOKEN_NAME_MAX_LENGTH} characters`,
  controlCharacters: 'Name must not contain control characters',
  notText: 'Name must be text or null',
} as const;

/**
 * A token's name as given by a person: trimmed, at most TOKEN_NAME_MAX_LENGTH characters, no
 * control characters; blank (or null) means "no name" and comes out as null.
 */
export const TokenName = v.nullable(
  v.pipe(
    v.string(TOKEN_NAME_MESSAGES.notText),
    v.trim(),
    v.maxLength(TOKEN_NAME_MAX_LENGTH, TOKEN_NAME_MESSAGES.tooLong),
    withoutControlCharacters(TOKEN_NAME_MESSAGES.controlCharacters),
    v.transform((name): string | null => (name === '' ? null : name)),
  ),
);

/**
 * POST /users/{userId}/tokens body: optional, as in spec §7 (no body issues an unnamed token);
 * `{ name }` names the new token.
 */
export const CreateTokenRequest = v.optional(v.object({ name: v.optional(TokenName, null) }), {
  name: null,
});
export type CreateTokenRequest = v.InferInput<typeof CreateTokenRequest>;

/** POST /users/{userId}/tokens answer: the only answer that carries the whole token. */
export const ApiTokenCreated = v.object({ message: v.string(), token: ApiTokenSecret });
export type ApiTokenCreated = v.InferOutput<typeof ApiTokenCreated>;

/** PUT /users/{userId}/tokens/{tokenId}/revoke body. */
export const RevokeTokenRequest = v.object({ revoke: v.boolean('revoke must be true or false') });
export type RevokeTokenRequest = v.InferOutput<typeof RevokeTokenRequest>;

/** PATCH /users/{userId}/tokens/{tokenId} body: the new name (blank or null removes it). */
export const UpdateTokenRequest = v.object({ name: TokenName });
export type UpdateTokenRequest = v.InferInput<typeof UpdateTokenRequest>;
