/**
 * The login card's reviewed table (see tests/model/oracle.ts for how to read it). Written from spec
 * §4 "Login sequence", "Multi-tab sync" and "Form field states", §5 "Login", §8 "Login by status",
 * §9 (storage event after 50 ms), ARCHITECTURE.md §4 (429) and issue 13 (503). The state names are
 * the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

/** §4 "Form field states" and §5: the card while it waits for a submit, first or again. */
const waiting = {
  // §4 "Multi-tab sync": a login in another tab signs this one in too.
  invoke: ['watchSession'],
  'login.change': ['(stays) / changeField'],
  // Checked on blur (§4 "Form field states").
  'login.blur': ['(stays) / touchField'],
  // An invalid form shows every field's message and focuses the first invalid one.
  'login.submit': [
    '[formIsValid] → #login.authenticating / touchAll, startAttempt',
    '(stays) / touchAll, focusFirstInvalid',
  ],
  // Unless the route guard turned this user away, the card leaves where its own login would go.
  'login.signedInElsewhere': ['[!turnedAway] → #login.left / leaveForTarget'],
};

/** §8: the branches that log out (log, clear the stored tokens, LOGOUT) and show the failure. */
const LOG_OUT = 'reportFailure, clearStoredTokens, sendLogout, setError';

export default defineOracle({
  source: 'spec §4 Login sequence, Multi-tab sync, Form field states; §5 Login; §8 Login by status; §9',
  delays: {
    // §4 "trigger a storage event after 50 ms"; §9 "storage event after 50 ms".
    STORAGE_EVENT_DELAY: 50,
  },
  states: {
    login: {},
    'login.idle': waiting,
    // §4 "call login with email and password".
    'login.authenticating': {
      invoke: ['authenticate'],
      'done:authenticate': ['→ #login.storingTokens / adoptTokens, storeTokens'],
      'error:authenticate': [
        // §4 "if either token is missing stop": an answer without both tokens.
        '[answerWasUnexpected] → #login.failed / reportFailure, setError',
        // §8: 401 shows the server message or 'Invalid username or password' and fails.
        '[failedWithStatus status=401] → #login.failed / setError',
        // §8: 400 logs out and clears tokens.
        `[failedWithStatus status=400] → #login.failed / ${LOG_OUT}`,
        // §8: 422 tries to refresh with the stored refresh token.
        '[failedWithStatus status=422] → #login.renewingSession',
        // ARCHITECTURE.md §4: 429 says when to try again and keeps the session.
        '[failedWithStatus status=429] → #login.failed / setError',
        // Issue 13: 503 (too many passwords being checked) asks to try again, like a 429.
        '[failedWithStatus status=503] → #login.failed / setError',
        // §8: 500 logs out.
        `[failedWithStatus status=500] → #login.failed / ${LOG_OUT}`,
        // §8: other statuses log, log out and set 'Unhandled login error, check console for details'.
        `→ #login.failed / ${LOG_OUT}`,
      ],
    },
    // §8: 422 "logging out if that fails or none exists".
    'login.renewingSession': {
      invoke: ['renewSession'],
      'done:renewSession': ['→ #login.storingTokens / adoptTokens, storeTokens'],
      'error:renewSession': [`→ #login.failed / ${LOG_OUT}`],
    },
    // §4 "Store tokens, trigger a storage event after 50 ms".
    'login.storingTokens': {
      'after:STORAGE_EVENT_DELAY': ['→ #login.loadingUser / announceStoredTokens'],
    },
    // §4 "fetch the current user with the access token, set LOGIN, redirect if asked" (the session
    // redirects on LOGIN).
    'login.loadingUser': {
      invoke: ['loadUser'],
      'done:loadUser': ['→ #login.succeeded / sendLogin'],
      'error:loadUser': [`→ #login.failed / ${LOG_OUT}`],
    },
    'login.succeeded': { type: ['final'] },
    // The form's focus, lost while it was disabled, goes to the password (issue 28's keyboard journey).
    'login.failed': { ...waiting, entry: ['focusPassword'] },
    'login.left': { type: ['final'] },
  },
});
