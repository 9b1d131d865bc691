/**
 * A user's API tokens for the feed delivery API (spec §3 API token, §4 "Token revoked flag";
 * ARCHITECTURE.md §3: stored encrypted with a SHA-256 lookup hash; issue 15: an optional name, and
 * when a feed pull last used the token; issue 30: the whole token is answered once, when issued,
 * and listed afterwards by its prefix).
 *
 * The prefix is derived from the decrypted token on every answer rather than stored, so tokens
 * issued before issue 30 are listed by their prefix with no migration.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ApiToken, ApiTokenSecret } from '@/api/schemas/tokens';
import { DEFAULT_TOTAL_REQUESTS, generateApiToken, hashApiToken, tokenPrefix } from '../auth/api-tokens';
import { decryptSecret, encryptSecret } from '../auth/secret-box';
import type { Db } from '../db/open';
import { apiTokens, users } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { USER_NOT_FOUND_MESSAGE } from './users-service';

/** 404 message for a token id that is not one of the user's. */
export const TOKEN_NOT_FOUND_MESSAGE = 'Token not found';

/** What the tokens service needs from the app. */
export interface TokensDeps {
  db: Db;
  encryptionKey: Buffer;
  now: () => Date;
}

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  revoked: apiTokens.revoked,
  token_encrypted: apiTokens.token_encrypted,
  used_requests: apiTokens.used_requests,
  total_requests: apiTokens.total_requests,
  last_used_at: apiTokens.last_used_at,
  created_at: apiTokens.created_at,
  updated_at: apiTokens.updated_at,
};

function toApiToken(
  encryptionKey: Buffer,
  row: {
    id: number;
    name: string | null;
    revoked: boolean;
    token_encrypted: string;
    used_requests: number;
    total_requests: number;
    last_used_at: Date | null;
    created_at: Date;
    updated_at: Date | null;
  },
): ApiToken {
  const { token_encrypted, last_used_at, created_at, updated_at, ...rest } = row;
  return {
    ...rest,
    token_prefix: tokenPrefix(decryptSecret(encryptionKey, token_encrypted)),
    last_used_at: last_used_at?.toISOString() ?? null,
    created_at: created_at.toISOString(),
    updated_at: updated_at?.toISOString() ?? null,
  };
}

async function assertUserExists(db: Db, userId: number): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
}

/** The tokens of `userId`, newest first. Throws NotFoundError for an unknown user. */
export async function listTokens(deps: TokensDeps, userId: number): Promise<ApiToken[]> {
  await assertUserExists(deps.db, userId);
  const rows = await deps.db
    .select(tokenColumns)
    .from(apiTokens)
    .where(eq(apiTokens.user_id, userId))
    .orderBy(desc(apiTokens.id));
  return rows.map((row) => toApiToken(deps.encryptionKey, row));
}

/**
 * Issues a new token for `userId`: `pf_live_` + 256 random bits, DEFAULT_TOTAL_REQUESTS requests,
 * stored encrypted with its lookup hash, named `name` (already validated by the contract's
 * `TokenName`; null: unnamed). The answer is the only one that carries the whole token (issue 30).
 * Throws NotFoundError for an unknown user.
 */
export async function createToken(
  deps: TokensDeps,
  userId: number,
  name: string | null,
): Promise<ApiTokenSecret> {
  await assertUserExists(deps.db, userId);
  const token = generateApiToken();
  const [row] = await deps.db
    .insert(apiTokens)
    .values({
      user_id: userId,
      name,
      token_encrypted: encryptSecret(deps.encryptionKey, token),
      token_hash: hashApiToken(token),
      total_requests: DEFAULT_TOTAL_REQUESTS,
      created_at: deps.now(),
    })
    .returning(tokenColumns);
  if (!row) throw new Error('insert returned no row');
  return { ...toApiToken(deps.encryptionKey, row), token };
}

/**
 * Sets the revoked flag of token `tokenId` of `userId` and returns the token. Idempotent: asking for
 * the state it already has changes nothing (not even `updated_at`). Throws NotFoundError when the
 * token does not exist or belongs to another user.
 */
export async function setTokenRevoked(
  deps: TokensDeps,
  userId: number,
  tokenId: number,
  revoke: boolean,
): Promise<ApiToken> {
  const ofUser = and(eq(apiTokens.id, tokenId), eq(apiTokens.user_id, userId));
  const [changed] = await deps.db
    .update(apiTokens)
    .set({ revoked: revoke, updated_at: deps.now() })
    .where(and(ofUser, ne(apiTokens.revoked, revoke)))
    .returning(tokenColumns);
  if (changed) return toApiToken(deps.encryptionKey, changed);
  const [unchanged] = await deps.db.select(tokenColumns).from(apiTokens).where(ofUser).limit(1);
  if (!unchanged) throw new NotFoundError(TOKEN_NOT_FOUND_MESSAGE);
  return toApiToken(deps.encryptionKey, unchanged);
}

/**
 * Renames token `tokenId` of `userId` to `name` (validated by the contract's `TokenName`; null
 * removes the name) and returns the token. Like revoking, asking for the name it already has
 * changes nothing, not even `updated_at`. Throws NotFoundError when the token does not exist or
 * belongs to another user.
 */
export async function renameToken(
  deps: TokensDeps,
  userId: number,
  tokenId: number,
  name: string | null,
): Promise<ApiToken> {
  const ofUser = and(eq(apiTokens.id, tokenId), eq(apiTokens.user_id, userId));
  const [changed] = await deps.db
    .update(apiTokens)
    .set({ name, updated_at: deps.now() })
    .where(and(ofUser, sql`${apiTokens.name} is distinct from ${name}`))
    .returning(tokenColumns);
  if (changed) return toApiToken(deps.encryptionKey, changed);
  const [unchanged] = await deps.db.select(tokenColumns).from(apiTokens).where(ofUser).limit(1);
  if (!unchanged) throw new NotFoundError(TOKEN_NOT_FOUND_MESSAGE);
  return toApiToken(deps.encryptionKey, unchanged);
}

/** The tokens service bound to the app's dependencies, as route plugins receive it (AppServices). */
export interface TokensService {
  /** See listTokens. */
  list(userId: number): Promise<ApiToken[]>;
  /** See createToken. */
  create(userId: number, name: string | null): Promise<ApiTokenSecret>;
  /** See setTokenRevoked. */
  setRevoked(userId: number, tokenId: number, revoke: boolean): Promise<ApiToken>;
  /** See renameToken. */
  rename(userId: number, tokenId: number, name: string | null): Promise<ApiToken>;
}

/** Binds the functions above to `deps`; they throw what each of them documents. */
export function createTokensService(deps: TokensDeps): TokensService {
  return {
    list: (userId) => listTokens(deps, userId),
    create: (userId, name) => createToken(deps, userId, name),
    setRevoked: (userId, tokenId, revoke) => setTokenRevoked(deps, userId, tokenId, revoke),
    rename: (userId, tokenId, name) => renameToken(deps, userId, tokenId, name),
  };
}
