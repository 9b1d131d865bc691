/**
 * The Associated Tokens panel's reviewed table (see tests/model/oracle.ts for how to read it). Written
 * from spec §2 "Associated Tokens panel", §4 "Token revoked flag" and "Form field states", §7 (the
 * tokens calls, "list reloaded after" adding), §8 'Added new token successfully' and "tokens failures
 * are only logged", and issue 15 finding 1 "Revoking a token can lie" (a failed load is a failed
 * state with Retry; tokens are named and renamed through a form; revoking asks first and offers Undo;
 * rows change only with the server's answer; every failure is also shown, with its reason), and issue
 * 30 (a new token is shown once in full until 'I have saved it'; a token can be issued by name with
 * no form, from the Delivery panel's Google section; the focus follows each settled row). The state
 * names are the machine's; what happens in each is the spec's. `xstate.assign` is the machine's
 * inline update of its context, named in each row's comment.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source:
    'spec §2 Associated Tokens panel, §4 Token revoked flag and Form field states, §7, §8; issues 15 and 30',
  delays: {
    // Issue 15 finding 1: Undo is offered for a while after a revoke. The spec has no such delay; the
    // 10 s are the machine's TOKEN_UNDO_MS, fixed here so that a change is a reviewed one.
    undoWindow: 10_000,
  },
  states: {
    tokens: {
      type: ['parallel'],
      // §4 "toggled ... in each row": a revoked row's Restore sends the request at once (issue 15:
      // only a revoke asks first), unless that row's request is still in flight.
      'tokens.restore': ['[canRestore] (stays) / startRequest'],
      // §4 "on failure it is only logged and the row stays"; issue 15: the row takes clicks again
      // (its request is stopped and no longer pending) and an error toast gives the reason.
      'revoke.failed': ['(stays) / xstate.stopChild, xstate.assign, reportFailure, toastFailure'],
      // §2 "a 'View token' link opening a modal titled 'Full Token' ... and a Close button".
      'tokens.view': ['[hasRow] (stays) / xstate.assign'],
      'tokens.closeView': ['(stays) / xstate.assign'],
    },
    // §7 "list reloaded after" adding; issue 15: Retry after a failed load. Either starts a new load,
    // also while one is under way; issue 30: the other regions (the new token's dialog) stay.
    'tokens.list': {},
    // §7 GET /users/{userId}/tokens.
    'tokens.list.loading': {
      invoke: ['loadTokens'],
      'tokens.reload': ['→ #tokens.list.loading (re-enters)'],
      // The rows are the server's answer, and an earlier failure is forgotten.
      'done:loadTokens': ['→ #tokens.list.loaded / xstate.assign'],
      // §8 "tokens failures are only logged"; issue 15: a failed state with the reason, not an empty
      // list (the rows and the Full Token modal go, the reason is kept).
      'error:loadTokens': ['→ #tokens.list.failed / reportFailure, xstate.assign'],
    },
    'tokens.list.loaded': { 'tokens.reload': ['→ #tokens.list.loading'] },
    'tokens.list.failed': { 'tokens.reload': ['→ #tokens.list.loading'] },
    'tokens.dialog': {},
    'tokens.dialog.closed': {
      // §2 '+ Add Token'; issue 15: a new token may be named, so the name form opens empty.
      'tokens.add': ['→ #tokens.dialog.naming / xstate.assign'],
      // Issue 15: a row's Rename opens the form with the token's current name.
      'tokens.rename': ['[hasRow] → #tokens.dialog.naming / xstate.assign'],
      // Issue 15: revoking asks first, naming the token; an active row only, not while in flight.
      'tokens.revoke': ['[canRevoke] → #tokens.dialog.confirming / xstate.assign'],
      // Issue 30: "create a dedicated token named for Google in place": posted at once, by name.
      'tokens.issue': ['→ #tokens.dialog.adding / xstate.assign'],
    },
    // §4 "Form field states": the name is checked as it is typed; §5 "Submit buttons stay disabled
    // until the form is valid": an invalid submit sends nothing, shows the error and focuses the field.
    'tokens.dialog.naming': {
      'tokens.nameChanged': ['(stays) / xstate.assign'],
      'tokens.submitName': [
        '[(nameIsValid && isNewToken)] → #tokens.dialog.adding',
        '[nameIsValid] → #tokens.dialog.renaming',
        '(stays) / xstate.assign, focusName',
      ],
      'tokens.cancelName': ['→ #tokens.dialog.closed / xstate.assign'],
    },
    // §7 POST /users/{userId}/tokens.
    'tokens.dialog.adding': {
      invoke: ['addToken'],
      // §7 / §8: the form closes and empties, the server's 'Added new token successfully' shows, and
      // the list is reloaded after (the raised `tokens.reload`); issue 30: the new token is kept to
      // be shown once, in full.
      'done:addToken': ['→ #tokens.dialog.issued / xstate.assign, toastSuccess, xstate.raise'],
      // §8 "only logged"; issue 15: the form stays open with what was typed, and the reason shows.
      'error:addToken': ['→ #tokens.dialog.naming / reportFailure, toastFailure'],
    },
    // Issue 30: the whole token, once, with the focus on its Copy; 'I have saved it' forgets it.
    'tokens.dialog.issued': {
      entry: ['xstate.emit'],
      'tokens.saved': ['→ #tokens.dialog.closed / xstate.assign'],
    },
    'tokens.dialog.renaming': {
      invoke: ['renameToken'],
      // Issue 15: the row becomes the server's answer, the form closes and empties, a toast says so.
      'done:renameToken': ['→ #tokens.dialog.closed / replaceRow, xstate.assign, toastSuccess'],
      'error:renameToken': ['→ #tokens.dialog.naming / reportFailure, toastFailure'],
    },
    // Issue 15: Confirm sends the revoke (§7 PUT .../revoke {revoke: true}); Cancel sends nothing.
    'tokens.dialog.confirming': {
      'tokens.confirmRevoke': ['→ #tokens.dialog.closed / startRequest, xstate.assign'],
      'tokens.cancelRevoke': ['→ #tokens.dialog.closed / xstate.assign'],
    },
    // §4 "on success the row updates locally", with the server's answer (issue 15: never before it)
    // and a success toast; a revoked answer offers Undo; issue 30: the focus goes to the row's button.
    'tokens.undo': {},
    'tokens.undo.idle': {
      'revoke.done': ['[answerIsRevoked] → #tokens.undo.offered / settleRequest', '(stays) / settleRequest'],
    },
    'tokens.undo.offered': {
      'revoke.done': [
        // A newer revoke takes the offer over and restarts its time.
        '[answerIsRevoked] → #tokens.undo.offered (re-enters) / settleRequest',
        // The offered token restored (its Undo): the offer ends.
        '[answerUndoesOffer] → #tokens.undo.idle / settleRequest',
        '(stays) / settleRequest',
      ],
      // The offer ends after its time, and the row shows Restore again.
      'after:undoWindow': ['→ #tokens.undo.idle / xstate.assign'],
    },
  },
});
