/**
 * The session's reviewed table (see tests/model/oracle.ts for how to read it). Written from spec §3
 * "Session", §4 (session state, start, multi-tab sync, while logged in, LOGIN, LOGOUT, logout
 * sequence), §8 "Generic" and "Logout", §9 delays, issue 15 (a refused logout is shown) and issue 27
 * (only the server's word ends a session: a check or refresh the server could not answer keeps the
 * tokens and is tried again after the sessionRetry chart's backoff, or at once on Try now). The state
 * names are the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §3 Session, §4, §8 Generic and Logout, §9; issues 15, 27',
  delays: {
    // §9 "Session overlay lingers 500 ms".
    OVERLAY_LINGER: 500,
    // §9 "Logout delays 50 ms and 100 ms".
    LOGOUT_CLEAR_DELAY: 50,
    LOGOUT_REDIRECT_DELAY: 100,
    // §9 "Token refresh interval 3,300,000 ms (55 minutes)".
    TOKEN_REFRESH_INTERVAL: 3_300_000,
  },
  states: {
    session: {
      type: ['parallel'],
      // §4 "Multi-tab sync": storage changes and the 'logout' broadcast of other tabs.
      invoke: ['crossTabSync'],
      // §4: set-user and the error message can be set separately; the error clears on a route change.
      'session.userSet': ['(stays) / setUser'],
      'session.errorSet': ['(stays) / setError'],
      'location.changed': ['(stays) / clearError'],
    },
    'session.status': {
      // §4 LOGIN: logged in, user and both tokens set, error and logging-out flag cleared; redirect
      // if asked.
      'session.login': ['→ #session.status.loggedIn / applyLogin, redirectAfterLogin'],
      // §4 LOGOUT: logged out, user and tokens cleared.
      'session.signedOut': ['→ #session.status.loggedOut / clearSession'],
    },
    // §4 "Session state: loading (undefined)", with the loading flag up.
    'session.status.loading': {
      entry: ['markLoading'],
      exit: ['markLoaded'],
      // §4 "Multi-tab sync": new tokens reload the user; cleared tokens or 'logout' log out.
      'sync.tokensStored': ['[tokensDifferFromHeld] → #session.status.loading.loadingProfile / adoptTokens'],
      'sync.tokensCleared': ['→ #session.status.loggedOut / clearSession'],
      'sync.logoutBroadcast': ['→ #session.status.loggedOut / clearSession'],
    },
    // §4 "Start": read both stored tokens; if either is missing, log out.
    'session.status.loading.readingTokens': {
      invoke: ['readStoredTokens'],
      'done:readStoredTokens': [
        '[bothTokensPresent] → #session.status.loading.loadingProfile / adoptTokens',
        '→ #session.status.loggedOut / clearSession, clearStoredTokens',
      ],
    },
    // §4 "Start": load the profile; §8 "a failed profile load at start logs the user out", unless
    // the server could not answer (issue 27): then the tokens stay and the load waits for a retry.
    'session.status.loading.loadingProfile': {
      invoke: ['loadProfile'],
      'done:loadProfile': ['→ #session.status.loggedIn / setUser'],
      'error:loadProfile': [
        '[serverUnreachable] → #session.status.loading.unreachable / reportFailure, countFailure',
        '→ #session.status.loggedOut / reportFailure, clearSession, clearStoredTokens',
      ],
    },
    // Issue 27: still loading (the overlay stays, nothing is shown as if signed in); the load is
    // made again when the backoff ends or on Try now.
    'session.status.loading.unreachable': {
      invoke: ['retryBackoff'],
      'done:retryBackoff': ['→ #session.status.loading.loadingProfile'],
      'session.retryNow': ['→ #session.status.loading.loadingProfile'],
    },
    // §4 "While logged in": the screen is kept awake when visible.
    'session.status.loggedIn': {
      invoke: ['screenWakeLock'],
      'sync.tokensStored': ['[tokensDifferFromHeld] → #session.status.loggedIn.revalidating / adoptTokens'],
      'sync.tokensCleared': ['→ #session.status.loggedOut / clearSession'],
      'sync.logoutBroadcast': ['→ #session.status.loggedOut / clearSession'],
    },
    // §4 "tokens refresh automatically on a timer" (§9 interval). Issue 27: the server has answered,
    // so the backoff of the next outage starts again from its shortest wait.
    'session.status.loggedIn.active': {
      entry: ['forgetFailures'],
      'after:TOKEN_REFRESH_INTERVAL': ['→ #session.status.loggedIn.refreshingTokens'],
    },
    // §4 / §8: a failed refresh logs out, when the server refused it; one the server could not
    // answer keeps the tokens and is tried again (issue 27).
    'session.status.loggedIn.refreshingTokens': {
      invoke: ['refreshSession'],
      'done:refreshSession': ['→ #session.status.loggedIn.active / adoptTokens'],
      'error:refreshSession': [
        '[serverUnreachable] → #session.status.loggedIn.unreachable / reportFailure, countFailure',
        '→ #session.status.loggedOut / reportFailure, clearSession, clearStoredTokens',
      ],
    },
    // Issue 27: still signed in; the refresh is made again when the backoff ends or on Try now.
    'session.status.loggedIn.unreachable': {
      invoke: ['retryBackoff'],
      'done:retryBackoff': ['→ #session.status.loggedIn.refreshingTokens'],
      'session.retryNow': ['→ #session.status.loggedIn.refreshingTokens'],
    },
    // §4 "new tokens ... revalidate". Issue 27: another tab was just given the pair and this tab knows
    // its user, so a server that cannot answer leaves both as they are.
    'session.status.loggedIn.revalidating': {
      entry: ['markLoading'],
      exit: ['markLoaded'],
      invoke: ['loadProfile'],
      'done:loadProfile': ['→ #session.status.loggedIn.active / setUser'],
      'error:loadProfile': [
        '[serverUnreachable] → #session.status.loggedIn.active / reportFailure',
        '→ #session.status.loggedOut / reportFailure, clearSession, clearStoredTokens',
      ],
    },
    // A logged-out tab signs in when another tab stores working tokens (§4 "Multi-tab sync").
    'session.status.loggedOut': {
      'sync.tokensStored': ['[tokensDifferFromHeld] → #session.status.loggedOut.revalidating / adoptTokens'],
    },
    // Issue 27: a next outage starts the backoff from its shortest wait.
    'session.status.loggedOut.idle': {
      entry: ['forgetFailures'],
    },
    'session.status.loggedOut.revalidating': {
      entry: ['markLoading'],
      exit: ['markLoaded'],
      invoke: ['loadProfile'],
      'sync.tokensCleared': ['→ #session.status.loggedOut.idle / clearSession'],
      'sync.logoutBroadcast': ['→ #session.status.loggedOut.idle / clearSession'],
      'done:loadProfile': ['→ #session.status.loggedIn / setUser'],
      'error:loadProfile': [
        '[serverUnreachable] → #session.status.loggedOut.unreachable / reportFailure, countFailure',
        '→ #session.status.loggedOut.idle / reportFailure, clearSession, clearStoredTokens',
      ],
    },
    // Issue 27: clearing the storage would sign the other tab out; this one tries again (backoff or
    // Try now) until it can follow, unless the other tabs end the session first.
    'session.status.loggedOut.unreachable': {
      invoke: ['retryBackoff'],
      'sync.tokensCleared': ['→ #session.status.loggedOut.idle / clearSession'],
      'sync.logoutBroadcast': ['→ #session.status.loggedOut.idle / clearSession'],
      'session.retryNow': ['→ #session.status.loggedOut.revalidating'],
      'done:retryBackoff': ['→ #session.status.loggedOut.revalidating'],
    },
    // §4 LOGIN clears the logging-out flag: a running logout sequence ends.
    'session.logout': {
      'session.login': ['→ #session.logout.idle'],
    },
    // §4 "Logout sequence: if already logging out do nothing. Set the flag, call server logout with
    // the access token" (nothing to call without one), "set LOGOUT".
    'session.logout.idle': {
      'session.logout': [
        '[holdsAccessToken] → #session.logout.notifyingServer / markLoggingOut',
        '→ #session.logout.waitingToClearStorage / markLoggingOut, signOut',
      ],
    },
    // §8 "Logout: status 422 forces local logout and redirect; others set 'Failed to logout.'"; the
    // failure is logged (§4) and, since issue 15, shown.
    'session.logout.notifyingServer': {
      invoke: ['notifyServerOfLogout'],
      'done:notifyServerOfLogout': ['→ #session.logout.waitingToClearStorage / signOut'],
      'error:notifyServerOfLogout': [
        '[logoutFailureIsForgivable] → #session.logout.waitingToClearStorage / reportFailure, signOut',
        '→ #session.logout.waitingToClearStorage / reportFailure, setError, showLogoutFailure, signOut',
      ],
    },
    // §4 "after about 50 ms clear stored tokens and broadcast 'logout'".
    'session.logout.waitingToClearStorage': {
      'after:LOGOUT_CLEAR_DELAY': [
        '→ #session.logout.waitingToRedirect / clearStoredTokens, broadcastLogout',
      ],
    },
    // §4 "after a further 100 ms clear the flag and redirect if a target was given".
    'session.logout.waitingToRedirect': {
      'after:LOGOUT_REDIRECT_DELAY': [
        '[hasLogoutRedirect] → #session.logout.redirecting / redirectAfterLogout',
        '→ #session.logout.idle / finishLoggingOut',
      ],
    },
    // The flag stays up until the redirect has happened, so no screen flashes the signed-out state.
    'session.logout.redirecting': {
      'location.changed': ['→ #session.logout.idle / finishLoggingOut'],
    },
    // §4 "While undefined a full-screen spinner overlay shows; once known it stays 500 ms".
    'session.overlay': {},
    'session.overlay.visible': {
      always: ['[sessionSettled] → #session.overlay.lingering'],
    },
    'session.overlay.lingering': {
      'after:OVERLAY_LINGER': ['→ #session.overlay.hidden'],
    },
    'session.overlay.hidden': {},
  },
});
