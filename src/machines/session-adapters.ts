/**
 * The session chart's browser and API adapters (spec §4 "While logged in", "Multi-tab sync"; issue 14):
 * token storage, the profile and logout calls, the Web Locks token refresh, the cross-tab
 * BroadcastChannel and storage events, and the screen Wake Lock. `session.machine.ts` names them as
 * its default actors; tests swap them with `sessionMachine.provide(...)`, or test them here on their own.
 */
import { fromCallback, fromPromise } from 'xstate';
import { fetchProfile, logout as logoutOnServer, refreshTokens } from '@/api/auth';
import type { ProfileUser } from '@/api/schemas/auth';
import {
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  getAccessToken,
  getRefreshToken,
  getStoredTokens,
  setStoredTokens,
} from '@/api/tokens-storage';

/** Spec §9: the BroadcastChannel on which a logout is announced to the other tabs. */
export const LOGOUT_CHANNEL = 'logout_channel';
/** The message broadcast on LOGOUT_CHANNEL (spec §4). */
export const LOGOUT_MESSAGE = 'logout';
/** Web Locks name held while refreshing, so only one tab spends the refresh token (ARCHITECTURE §3). */
export const TOKEN_REFRESH_LOCK = 'product-feed-token-refresh';

/** The tokens the session holds (either may be missing before the start check). */
export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** Command the session sends to its cross-tab sync actor. */
export type CrossTabCommand = { type: 'sync.broadcastLogout' };

/** Reads the stored token pair for the start check (spec §4 "Session state"); either may be null. */
export const readStoredTokensLogic = fromPromise<SessionTokens>(async () => ({
  accessToken: getAccessToken(),
  refreshToken: getRefreshToken(),
}));

/** Loads the signed-in user's profile with `input.accessToken`; rejects with the client's ApiError. */
export const loadProfileLogic = fromPromise<ProfileUser, { accessToken: string }>(({ input, signal }) =>
  fetchProfile(input.accessToken, signal),
);

/** Tells the server about the logout (spec §4 logout sequence); rejects with the client's ApiError. */
export const notifyServerOfLogoutLogic = fromPromise<unknown, { accessToken: string }>(({ input, signal }) =>
  logoutOnServer(input.accessToken, signal),
);

/**
 * Refreshes the held token pair (spec §4 "While logged in"). Input: the pair this tab holds; output:
 * the pair to use from now on. Runs under the Web Locks lock TOKEN_REFRESH_LOCK when the API exists:
 * inside it, a stored refresh token different from ours means another tab already rotated the pair,
 * so that pair is adopted instead of spending ours again. A new pair from the server is stored.
 * @throws when the tokens were cleared meanwhile, or the server refuses (ApiError 'Tokens expired').
 */
export const refreshSessionLogic = fromPromise<SessionTokens, SessionTokens>(async ({ input, signal }) => {
  const refresh = async (): Promise<SessionTokens> => {
    const stored = getStoredTokens();
    if (stored === null) throw new Error('The session was ended in another tab');
    if (stored.refreshToken !== input.refreshToken) return stored;
    const pair = await refreshTokens(stored.refreshToken, signal);
    const next = { accessToken: pair.access_token, refreshToken: pair.refresh_token };
    setStoredTokens(next);
    return next;
  };
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(TOKEN_REFRESH_LOCK, { signal }, refresh);
  }
  return refresh();
});

/**
 * Listens to the other tabs (spec §4 "Multi-tab sync") for as long as the session runs and sends
 * back `sync.tokensStored` / `sync.tokensCleared` (from `storage` events on the token keys) and
 * `sync.logoutBroadcast` (from LOGOUT_CHANNEL). Receives `sync.broadcastLogout` and posts
 * LOGOUT_MESSAGE on its own channel, which the BroadcastChannel API does not echo back to itself.
 * Untrusted (synthetic, same-tab) storage events are ignored: this tab's own login reaches the
 * session directly as `session.login`.
 */
export const crossTabSyncLogic = fromCallback<CrossTabCommand>(({ sendBack, receive }) => {
  const onStorage = (event: StorageEvent) => {
    if (!event.isTrusted) return;
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY) return;
    const stored = getStoredTokens();
    sendBack(stored ? { type: 'sync.tokensStored', ...stored } : { type: 'sync.tokensCleared' });
  };
  window.addEventListener('storage', onStorage);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOGOUT_CHANNEL);
  if (channel) {
    channel.onmessage = (message: MessageEvent<unknown>) => {
      if (message.data === LOGOUT_MESSAGE) sendBack({ type: 'sync.logoutBroadcast' });
    };
  }
  receive(() => channel?.postMessage(LOGOUT_MESSAGE));
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
});

/**
 * Keeps the screen awake while the document is visible (spec §4 "While logged in"): requests a
 * screen Wake Lock on start and whenever the page becomes visible, releases it when hidden and on
 * stop. Without the Wake Lock API it does nothing.
 */
export const screenWakeLockLogic = fromCallback(() => {
  if (typeof navigator === 'undefined' || !('wakeLock' in navigator) || typeof document === 'undefined') {
    return;
  }
  let sentinel: WakeLockSentinel | null = null;
  let stopped = false;
  const release = () => {
    void sentinel?.release();
    sentinel = null;
  };
  const acquire = () => {
    navigator.wakeLock.request('screen').then(
      (granted) => {
        if (stopped || document.visibilityState !== 'visible') void granted.release();
        else sentinel = granted;
      },
      // Best effort: the browser may refuse (battery saver, policy); the session works without it.
      () => undefined,
    );
  };
  const onVisibilityChange = () => (document.visibilityState === 'visible' ? acquire() : release());
  onVisibilityChange();
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibilityChange);
    release();
  };
});
