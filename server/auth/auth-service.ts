/**
 * Signing in and out of the back-office (spec §4, §7, §8; issue 2 "Auth", issue 13 limits): login
 * with email and password, refresh-token rotation, logout. Behind POST /login, /token-refresh and
 * /logout (server/routes/auth.ts).
 *
 * Login limits (issue 13), counted in the database before the password is checked:
 * - per (address, email), `config.loginRateLimit`: every attempt counts; a successful login clears
 *   the counter (whoever sent it knows the password), so earlier mistakes are forgotten;
 * - per address, `config.loginAddressRateLimit`: counts the attempts the first limit let through
 *   (one it refuses is given back to the first); a success gives its count back, so only failed
 *   checks add up and one's own account cannot be used to reset it;
 * - Argon2 work per process is bounded by the hashing gate (refused beyond it; both counts given back).
 *
 * A client is its address, or its /64 for IPv6 (issue 27, server/http/client-address.ts). A client
 * that signed in to the account within a refresh token's life is marked in `attempt_counters`
 * (shared by every process, kept across restarts, written only after a correct password, so a flood
 * cannot add marks): its login takes the hashing gate's priority lane, ahead of anonymous work, so
 * real users keep signing in during an unauthenticated flood from rotating addresses (issue 27).
 */
import { eq } from 'drizzle-orm';
import type { TokenPair } from '@/api/schemas/auth';
import { UserStatus } from '@/api/schemas/common';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { NotAuthenticatedError } from '../domain-errors';
import { clientKey } from '../http/client-address';
import { createAttemptCounter, tightest, tooManyAttempts } from './attempt-limits';
import type { HashingGate } from './hashing-gate';
import { signAccessToken } from './jwt';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { refreshClient } from './refresh-client';
import { REFRESH_TOKEN_TTL_MS, revokeFamily, rotateRefreshToken, startFamily } from './refresh-tokens';
import type { ReuseReport } from './refresh-tokens';

/** The one 401 message for unknown email, wrong password and inactive user alike (spec §8). */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const INVALID_REFRESH_MESSAGE = 'Invalid or expired refresh token, please login again';

/**
 * The 429 message (ARCHITECTURE.md §4, in minutes since issue 30), as the login screen words it too:
 * the wait of `seconds` rounded up to whole minutes, then what to do next.
 */
export function tooManyLoginsMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const wait = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many login attempts. Try again in ${wait}. If you have forgotten your password, ask another administrator to set a new one.`;
}

/** The (client, email) counter's key: one attacker cannot lock an account out for everyone. */
function loginKey(client: string, email: string): string {
  return `login:${client}|${email}`;
}

/** The per-client counter's key, across all emails (password spraying). */
function loginAddressKey(client: string): string {
  return `login-address:${client}`;
}

/** The mark of a client that signed in to the account `email` recently. */
function signedInKey(client: string, email: string): string {
  return `signed-in:${client}|${email}`;
}

/** Where a reused refresh token is recorded (the request's logger: pino's record-then-message form). */
export interface AuthLog {
  info(record: object, message: string): void;
  warn(record: object, message: string): void;
}

/** The client presenting a refresh token: its address (`request.ip`) and User-Agent header. */
export interface RefreshRequester {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Records a reuse of a refresh token for the admin (issue 27; README "Security"): one line with
 * `event: 'refresh_token_reuse'` and the report's fields (ids, keyed addresses, outcome), at warn
 * level when the family was revoked, at info level for a retry by the same client.
 */
function recordReuse(log: AuthLog, reuse: ReuseReport): void {
  const record = { event: 'refresh_token_reuse', ...reuse };
  if (reuse.outcome === 'retried') {
    log.info(record, 'refresh token presented again inside the grace window: its child was sent again');
  } else if (reuse.withinGraceWindow) {
    log.warn(
      record,
      'refresh token presented inside the grace window by another client: its family was revoked',
    );
  } else {
    log.warn(record, 'refresh token reused after the grace window: its family was revoked');
  }
}

/** What the auth service needs from the app. Limits are read from `config` on every attempt. */
export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'loginRateLimit' | 'loginAddressRateLimit'>;
  hashing: HashingGate;
  now: () => Date;
}

/** A login as the client sends it, with the address it came from. */
export interface LoginAttempt {
  email: string;
  password: string;
  /** The client's address (behind a trusted proxy, the forwarded one). */
  ip: string;
}

/** Signing in and out; see the module comment. */
export interface AuthService {
  /**
   * Checks the credentials and starts a login (a refresh-token family).
   * @throws UnavailableError when the hashing gate has no place for the client (no attempt counted),
   *   TooManyAttemptsError when a login limit is used up, NotAuthenticatedError (INVALID_LOGIN_MESSAGE, with the tighter
   *   limit's state) for an unknown email, a wrong password or an inactive user alike
   */
  login(attempt: LoginAttempt): Promise<TokenPair>;
  /**
   * Exchanges the refresh token `presented` by `requester` (null: none presented) for a new pair.
   * Every reuse of an exchanged token is recorded to `log`.
   * @throws NotAuthenticatedError (INVALID_REFRESH_MESSAGE) for a missing, unknown, expired, revoked
   *   or reused token (a reuse, but a retry by the same client inside the grace window, revokes the
   *   family)
   */
  refresh(presented: string | null, requester: RefreshRequester, log: AuthLog): Promise<TokenPair>;
  /** Ends the login `familyId` (its refresh tokens stop working). */
  logout(familyId: number): Promise<void>;
}

/** The auth service over `deps`, with its own attempt counter on `deps.db`. */
export function createAuthService({ db, config, hashing, now }: AuthDeps): AuthService {
  const attempts = createAttemptCounter(db, now);

  async function issueTokens(
    user: { userId: number; familyId: number; role: number },
    refreshToken: string,
  ): Promise<TokenPair> {
    const access_token = await signAccessToken(config.jwtSecret, user, now());
    return { access_token, refresh_token: refreshToken };
  }

  return {
    async login({ email: givenEmail, password, ip }) {
      const email = givenEmail.toLowerCase();
      const client = clientKey(ip);
      const recentKey = signedInKey(client, email);
      const gateClient = { source: client, priority: await attempts.isMarked(recentKey) };
      // A flood is refused after one primary-key read, before anything is counted.
      hashing.assertRoom(gateClient);
      const pairKey = loginKey(client, email);
      const pair = await attempts.count(pairKey, config.loginRateLimit);
      if (!pair.allowed) throw tooManyAttempts(pair, tooManyLoginsMessage(pair.resetSeconds));
      const addressKey = loginAddressKey(client);
      const address = await attempts.count(addressKey, config.loginAddressRateLimit);
      if (!address.allowed) {
        // Unchecked, it does not count for the pair either: one address spraying new emails adds no rows.
        await attempts.refund(pairKey, pair);
        throw tooManyAttempts(address, tooManyLoginsMessage(address.resetSeconds));
      }

      const [user] = await db
        .select({
          id: users.id,
          password_hash: users.password_hash,
          status: users.status,
          user_type_id: users.user_type_id,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      let passwordOk: boolean;
      try {
        // The password is checked even for an inactive user so every failure costs the same time.
        passwordOk = await hashing.run(
          () => (user ? verifyPassword(user.password_hash, password) : verifyAgainstDummy(password)),
          gateClient,
        );
      } catch (error) {
        // Nothing was checked (no place in the gate, or it went to a fairer claim): neither count stands.
        await Promise.all([attempts.refund(pairKey, pair), attempts.refund(addressKey, address)]);
        throw error;
      }

      if (!user || !passwordOk || user.status !== UserStatus.Active) {
        throw new NotAuthenticatedError(INVALID_LOGIN_MESSAGE, { limitState: tightest(pair, address) });
      }
      await Promise.all([
        attempts.clear(pairKey),
        attempts.refund(addressKey, address),
        attempts.mark(recentKey, REFRESH_TOKEN_TTL_MS),
      ]);

      const family = await startFamily(db, user.id, now());
      return issueTokens(
        { userId: user.id, familyId: family.familyId, role: user.user_type_id },
        family.refreshToken,
      );
    },

    async refresh(presented, { ip, userAgent }, log) {
      if (!presented) throw new NotAuthenticatedError(INVALID_REFRESH_MESSAGE);
      const client = refreshClient(config.jwtSecret, ip, userAgent);
      const result = await rotateRefreshToken(db, presented, client, config.jwtSecret, now());
      if ('reuse' in result && result.reuse) recordReuse(log, result.reuse);
      if (!result.ok) throw new NotAuthenticatedError(INVALID_REFRESH_MESSAGE);
      return issueTokens(
        { userId: result.userId, familyId: result.familyId, role: result.userTypeId },
        result.refreshToken,
      );
    },

    async logout(familyId) {
      await revokeFamily(db, familyId, 'logout', now());
    },
  };
}
