/**
 * Model of tokensMachine (spec §2 "Associated Tokens panel", §4 "Token revoked flag", §7 "list
 * reloaded after" adding, §8 'Added new token successfully'; issue 15 finding 1: a failed load is a
 * failed state with Retry, adding and renaming go through a name form whose failures are error
 * toasts, revoking asks first and offers Undo, rows change only with the server's answer). Every
 * failure is also logged, as spec §4 and §8 say.
 *
 * The revoke and restore requests are spawned children whose answers (`revoke.done` /
 * `revoke.failed`) the fixtures send as the children would: only for a row whose request is in
 * flight, and only in the direction that request went (an active row was being revoked, a revoked
 * one restored). Dialogs are modal: while the name form, the revoke confirmation or the Full Token
 * modal is open, the person can only use that dialog (answers and timers still arrive); these
 * dialogs read no row's revoked flag, so they are opened beside the rows as loaded.
 *
 * The serializer keeps the three regions, each row's revoked flag, the rows in flight, whether the
 * modal is open, whether the name form is for a new token and is valid, and the token offered for
 * Undo: what the guards read.
 *
 * After every step the model also checks what the screen reads (the exported selectors and
 * `remainingRequests`) and which requests are running, against its own literal tables: the machine's
 * texts and helpers are never the expected side.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ApiToken, ApiTokenSecret } from '@/api/schemas/tokens';
import {
  remainingRequests,
  selectNameForm,
  selectTokensStatus,
  selectTokensView,
  tokenNameError,
  tokensMachine,
} from '@/machines/tokens.machine';
import type { TokensContext, TokensSnapshot, TokensView } from '@/machines/tokens.machine';
import { uiFocus, uiToast } from '@/machines/ui-effects';
import { defineModel } from '../harness';
import type { ExecutedStep, ModelEvent } from '../harness';

const USER_ID = 2;
const ACTIVE: ApiToken = {
  id: 11,
  name: 'Google Merchant Center',
  revoked: false,
  token_prefix: 'pf_live_0123',
  used_requests: 40,
  total_requests: 100,
  last_used_at: '2025-01-02T10:00:00.000Z',
  created_at: '2025-01-02T09:00:00.000Z',
  updated_at: null,
};
// Its allowance was taken away after 5 requests: no remaining requests (never below 0) and no share.
const REVOKED: ApiToken = {
  ...ACTIVE,
  id: 12,
  name: null,
  revoked: true,
  token_prefix: 'pf_live_fedc',
  used_requests: 5,
  total_requests: 0,
};
// Issue 30: the one answer with the whole token.
const ADDED: ApiTokenSecret = {
  ...ACTIVE,
  id: 13,
  name: 'Shop feed',
  used_requests: 0,
  token_prefix: 'pf_live_0000',
  token: 'pf_live_00000000aaaaaaaa',
};
/** The name the Delivery panel's Google button gives its token (issue 30). */
const GOOGLE_NAME = 'Google Merchant Center';
const CHANGED_AT = '2025-01-03T09:00:00.000Z';
const failure = new ApiError('Token not found', {
  kind: 'http',
  status: 404,
  serverMessage: 'Token not found',
});
const offline = new ApiError('Could not reach the server', { kind: 'network' });
const VALID_NAME = '  Shop feed  ';
const TOO_LONG = 'x'.repeat(101);

const EMPTY_DRAFT = { tokenId: null, name: '', touched: false, error: null };

/**
 * What each failure is called, as the panel logs it and leads its error toast with (the spec has no
 * tokens failure texts: §8 says they are only logged; issue 15 has them shown with the reason).
 */
const FAILED = {
  load: 'Failed to load tokens',
  add: 'Failed to add token',
  rename: 'Failed to rename token',
  revoke: 'Failed to revoke token',
  restore: 'Failed to restore token',
} as const;

/** Issue 15 "Error toasts keep the spec's text and add the server's message": the fixture errors' reasons. */
const REASONS = new Map<unknown, string>([
  [failure, 'Token not found'],
  [offline, 'Could not reach the server'],
]);

/** `'<what>: <reason>'` for a fixture error (issue 15 finding 5). @throws for an error REASONS lacks */
function failedText(what: string, error: unknown): string {
  const reason = REASONS.get(error);
  if (reason === undefined) throw new Error(`REASONS has no reason for ${String(error)}`);
  return `${what}: ${reason}`;
}

/** The success toast after a row changed (issue 15: revoking and renaming "show their outcome"). */
function changedText(tokenId: number, change: 'revoked' | 'restored' | 'renamed'): string {
  return `Token #${tokenId} ${change}`;
}

/**
 * The contract's message for every name the form can hold (spec §4 "Form field states": checked as
 * typed): the rename's starting name, the empty new name, and the typed examples.
 */
const NAME_ERRORS: Readonly<Record<string, string | null>> = {
  '': null,
  [ACTIVE.name!]: null,
  [VALID_NAME]: null,
  [TOO_LONG]: 'Name must be at most 100 characters',
};

/** NAME_ERRORS of `name`. @throws for a name the table lacks */
function nameError(name: string): string | null {
  const error = NAME_ERRORS[name];
  if (error === undefined) throw new Error(`NAME_ERRORS has no '${name}'`);
  return error;
}

/** DOM id of the name field, focused by an invalid submit (the form-fields convention `<form>-<field>`). */
const NAME_FIELD_ID = 'token-name';
/** Issue 30: where the focus goes once a new token is shown, and once a row's request settles. */
const SECRET_COPY_ID = 'token-secret-copy';
const toggleId = (tokenId: number) => `token-${tokenId}-toggle`;

/**
 * Spec §2 "Remaining Requests (total minus used, with a bar showing the remaining share)" of every
 * row the fixtures can show, by token id (renames and revokes keep the counts).
 */
const REMAINING: Readonly<Record<number, { remaining: number; percent: number }>> = {
  [ACTIVE.id]: { remaining: 60, percent: 60 },
  [REVOKED.id]: { remaining: 0, percent: 0 },
};

type TokensStep = ExecutedStep<typeof tokensMachine>;

const regions = (snapshot: TokensSnapshot) =>
  snapshot.value as { list: string; dialog: string; undo: string };
const row = (context: TokensContext, tokenId: number) => context.tokens.find((token) => token.id === tokenId);

function checkStep(step: TokensStep): void {
  const { before, event, after, emitted, started } = step;
  if (before === null) {
    expect(after.value).toEqual({ list: 'loading', dialog: 'closed', undo: 'idle' });
    expect(after.context).toEqual({
      userId: USER_ID,
      tokens: [],
      loadError: null,
      viewingId: null,
      pending: [],
      draft: EMPTY_DRAFT,
      confirmingId: null,
      undoId: null,
      issued: null,
    });
    expect(started).toEqual([{ src: 'loadTokens', id: 'loadTokens', input: { userId: USER_ID } }]);
    return;
  }
  const was = regions(before);
  const now = regions(after);
  const expectContext = (fields: Partial<TokensContext>) =>
    expect(after.context).toEqual({ ...before.context, ...fields });
  const stays = () => {
    expect(after.value).toEqual(before.value);
    expectContext({});
    expect(started).toEqual([]);
    expect(emitted).toEqual([]);
  };
  const requested = (tokenId: number, revoke: boolean) =>
    expect(started).toEqual([
      { src: 'revokeToken', id: `revoke-${tokenId}`, input: { userId: USER_ID, tokenId, revoke } },
    ]);

  switch (event.type) {
    case 'tokens.reload':
      expect(now).toEqual({ ...was, list: 'loading' });
      expectContext({});
      expect(started).toEqual([{ src: 'loadTokens', id: 'loadTokens', input: { userId: USER_ID } }]);
      return;
    case 'tokens.add':
      expect(now).toEqual({ ...was, dialog: 'naming' });
      expectContext({ draft: EMPTY_DRAFT });
      return;
    case 'tokens.issue':
      expect(now, 'issued by name, with no form').toEqual({ ...was, dialog: 'adding' });
      expectContext({ draft: { ...EMPTY_DRAFT, name: event.name } });
      expect(started).toEqual([
        { src: 'addToken', id: 'addToken', input: { userId: USER_ID, name: event.name } },
      ]);
      return;
    case 'tokens.saved':
      expect(now, "'I have saved it' closes the token for good").toEqual({ ...was, dialog: 'closed' });
      expectContext({ issued: null });
      return;
    case 'tokens.rename': {
      const token = row(before.context, event.tokenId);
      if (!token) return stays();
      expect(now, 'the name form opens with the current name').toEqual({ ...was, dialog: 'naming' });
      expectContext({ draft: { ...EMPTY_DRAFT, tokenId: token.id, name: token.name ?? '' } });
      return;
    }
    case 'tokens.nameChanged':
      expect(after.value).toEqual(before.value);
      expectContext({
        draft: {
          ...before.context.draft,
          name: event.name,
          touched: true,
          error: nameError(event.name),
        },
      });
      return;
    case 'tokens.submitName': {
      const { draft } = before.context;
      if (draft.error !== null) {
        expect(now, 'an invalid name is not sent').toEqual(was);
        expectContext({ draft: { ...draft, touched: true } });
        expect(emitted).toEqual([uiFocus(NAME_FIELD_ID)]);
        expect(started).toEqual([]);
        return;
      }
      const name = draft.name.trim() === '' ? null : draft.name.trim();
      expectContext({});
      if (draft.tokenId === null) {
        expect(now).toEqual({ ...was, dialog: 'adding' });
        expect(started).toEqual([{ src: 'addToken', id: 'addToken', input: { userId: USER_ID, name } }]);
      } else {
        expect(now).toEqual({ ...was, dialog: 'renaming' });
        expect(started).toEqual([
          { src: 'renameToken', id: 'renameToken', input: { userId: USER_ID, tokenId: draft.tokenId, name } },
        ]);
      }
      return;
    }
    case 'tokens.cancelName':
      expect(now).toEqual({ ...was, dialog: 'closed' });
      expectContext({ draft: EMPTY_DRAFT });
      return;
    case 'tokens.revoke': {
      const token = row(before.context, event.tokenId);
      if (!token || token.revoked || before.context.pending.includes(token.id)) return stays();
      expect(now, 'revoking asks first').toEqual({ ...was, dialog: 'confirming' });
      expectContext({ confirmingId: token.id });
      expect(started, 'nothing is sent before the confirmation').toEqual([]);
      return;
    }
    case 'tokens.confirmRevoke': {
      const tokenId = before.context.confirmingId!;
      expect(now).toEqual({ ...was, dialog: 'closed' });
      expectContext({ confirmingId: null, pending: [...before.context.pending, tokenId] });
      requested(tokenId, true);
      expect(row(after.context, tokenId), 'never optimistic').toEqual(row(before.context, tokenId));
      return;
    }
    case 'tokens.cancelRevoke':
      expect(now).toEqual({ ...was, dialog: 'closed' });
      expectContext({ confirmingId: null });
      expect(started).toEqual([]);
      return;
    case 'tokens.restore': {
      const token = row(before.context, event.tokenId);
      if (!token?.revoked || before.context.pending.includes(token.id)) return stays();
      expect(after.value, 'restoring needs no confirmation').toEqual(before.value);
      expectContext({ pending: [...before.context.pending, token.id] });
      requested(token.id, false);
      return;
    }
    case 'tokens.view':
      if (!row(before.context, event.tokenId)) return stays();
      expectContext({ viewingId: event.tokenId });
      return;
    case 'tokens.closeView':
      expectContext({ viewingId: null });
      return;
    case 'revoke.done': {
      const { token } = event;
      const settled = {
        tokens: before.context.tokens.map((old) => (old.id === token.id ? token : old)),
        pending: before.context.pending.filter((id) => id !== token.id),
      };
      // Issue 30: the focus goes to the row's button, which reads Undo after a revoke, Revoke after.
      const focus = uiFocus(toggleId(token.id));
      if (token.revoked) {
        expect(now, 'Undo is offered').toEqual({ ...was, undo: 'offered' });
        expectContext({ ...settled, undoId: token.id });
        expect(emitted).toEqual([uiToast('success', changedText(token.id, 'revoked')), focus]);
      } else if (token.id === before.context.undoId) {
        expect(now, 'undone: the offer ends').toEqual({ ...was, undo: 'idle' });
        expectContext({ ...settled, undoId: null });
        expect(emitted).toEqual([uiToast('success', changedText(token.id, 'restored')), focus]);
      } else {
        expect(now).toEqual(was);
        expectContext(settled);
        expect(emitted).toEqual([uiToast('success', changedText(token.id, 'restored')), focus]);
      }
      return;
    }
    case 'revoke.failed': {
      const what = event.revoke ? FAILED.revoke : FAILED.restore;
      expect(now).toEqual(was);
      expectContext({ pending: before.context.pending.filter((id) => id !== event.tokenId) });
      expect(step.actions, 'spec §4: a failed toggle is logged').toContainEqual({
        type: 'reportFailure',
        params: { what, error: event.error },
      });
      expect(emitted, 'the reason is shown; the row stays as the server said').toEqual([
        uiToast('error', failedText(what, event.error)),
      ]);
      return;
    }
  }
  if (event.type.startsWith('xstate.after.')) {
    expect(now, 'the Undo offer ends after a while').toEqual({ ...was, undo: 'idle' });
    expectContext({ undoId: null });
    return;
  }
  checkActorOutcome(step, was, now);
}

/** Steps that are an invoked actor's answer: the load, adding or renaming. */
function checkActorOutcome(step: TokensStep, was: Record<string, string>, now: Record<string, string>): void {
  const { before, event, after, emitted, started, actions } = step;
  if (before === null) return;
  const expectContext = (fields: Partial<TokensContext>) =>
    expect(after.context).toEqual({ ...before.context, ...fields });
  switch (event.type) {
    case 'xstate.done.actor.loadTokens':
      expect(now).toEqual({ ...was, list: 'loaded' });
      expectContext({ tokens: event.output as ApiToken[], loadError: null });
      return;
    case 'xstate.error.actor.loadTokens':
      expect(now, 'a failed load is a failed state, not an empty list').toEqual({ ...was, list: 'failed' });
      expectContext({ tokens: [], loadError: event.error, viewingId: null });
      expect(actions).toContainEqual({
        type: 'reportFailure',
        params: { what: FAILED.load, error: event.error },
      });
      return;
    case 'xstate.done.actor.addToken':
      expect(now, 'spec §7: the list is reloaded; issue 30: the new token is shown once').toEqual({
        ...was,
        dialog: 'issued',
        list: 'loading',
      });
      expectContext({ draft: EMPTY_DRAFT, issued: ADDED });
      expect(emitted).toEqual([uiToast('success', 'Added new token successfully'), uiFocus(SECRET_COPY_ID)]);
      expect(started).toEqual([{ src: 'loadTokens', id: 'loadTokens', input: { userId: USER_ID } }]);
      return;
    case 'xstate.error.actor.addToken':
      expect(now, 'the form stays open with what was typed').toEqual({ ...was, dialog: 'naming' });
      expectContext({});
      expect(emitted).toEqual([uiToast('error', failedText(FAILED.add, event.error))]);
      expect(actions, 'spec §8: a tokens failure is logged').toContainEqual({
        type: 'reportFailure',
        params: { what: FAILED.add, error: event.error },
      });
      return;
    case 'xstate.done.actor.renameToken': {
      const token = event.output as ApiToken;
      expect(now).toEqual({ ...was, dialog: 'closed' });
      expectContext({
        tokens: before.context.tokens.map((old) => (old.id === token.id ? token : old)),
        draft: EMPTY_DRAFT,
      });
      expect(emitted).toEqual([uiToast('success', changedText(token.id, 'renamed'))]);
      return;
    }
    case 'xstate.error.actor.renameToken':
      expect(now).toEqual({ ...was, dialog: 'naming' });
      expectContext({});
      expect(emitted).toEqual([uiToast('error', failedText(FAILED.rename, event.error))]);
      expect(actions, 'spec §8: a tokens failure is logged').toContainEqual({
        type: 'reportFailure',
        params: { what: FAILED.rename, error: event.error },
      });
      return;
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
}

/**
 * What the panel draws after every step, stated from the regions and the rows: the selectors the
 * screen reads (`selectTokensView` and its parts) and each row's remaining requests.
 */
function checkScreen({ after }: TokensStep): void {
  const { context } = after;
  const { list, dialog, undo } = regions(after);
  // Spec §2 "Empty: 'No tokens found.'"; issue 15: loading and failed are states of their own.
  const status =
    list === 'loading'
      ? 'loading'
      : list === 'failed'
        ? 'failed'
        : context.tokens.length === 0
          ? 'empty'
          : 'loaded';
  const saving = dialog === 'adding' || dialog === 'renaming';
  const nameForm = saving || dialog === 'naming' ? { draft: context.draft, saving } : null;
  const expected: TokensView = {
    tokens: context.tokens,
    status,
    // Issue 15: the failed state says why; the model's only failed load is the offline one.
    failure: list === 'failed' ? failedText(FAILED.load, offline) : null,
    pending: context.pending,
    viewing: context.viewingId === null ? null : row(context, context.viewingId)!,
    nameForm,
    confirming: dialog === 'confirming' ? row(context, context.confirmingId!)! : null,
    undoId: undo === 'offered' ? context.undoId : null,
    issued: dialog === 'issued' ? ADDED : null,
  };
  expect(selectTokensStatus(after), 'the state of the table').toBe(status);
  expect(selectNameForm(after), 'the name form').toEqual(nameForm);
  expect(selectTokensView(after), 'what the panel draws').toEqual(expected);
  expect(tokenNameError(context.draft.name), 'the message for the typed name').toBe(
    nameError(context.draft.name),
  );
  for (const token of context.tokens) {
    expect(remainingRequests(token), `remaining requests of #${token.id}`).toEqual(REMAINING[token.id]);
  }
  // Every request in flight is a running child; a settled one is stopped (a row takes clicks again).
  const children = [
    ...(list === 'loading' ? ['loadTokens'] : []),
    ...(dialog === 'adding' ? ['addToken'] : []),
    ...(dialog === 'renaming' ? ['renameToken'] : []),
    ...context.pending.map((tokenId) => `revoke-${tokenId}`),
  ];
  expect(Object.keys(after.children).sort(), 'the running requests').toEqual(children.sort());
}

/** The events a person can cause while each dialog is open (it is modal). */
const DIALOG_EVENTS: Record<string, readonly string[]> = {
  naming: ['tokens.nameChanged', 'tokens.submitName', 'tokens.cancelName'],
  adding: [],
  renaming: [],
  issued: ['tokens.saved'],
  confirming: ['tokens.confirmRevoke', 'tokens.cancelRevoke'],
};

/** Whether the rows' revoked flags are as the list loaded them (REVOKED, then ACTIVE). */
function rowsAsLoaded(context: TokensContext): boolean {
  return isDeepStrictEqual(
    context.tokens.map((token) => token.revoked),
    [REVOKED.revoked, ACTIVE.revoked],
  );
}

function allowed(snapshot: TokensSnapshot, event: ModelEvent<typeof tokensMachine>): boolean {
  const { context } = snapshot;
  const { list, dialog, undo } = regions(snapshot);
  // A revoke answer comes only from a request in flight for that row, in that request's direction.
  if (event.type === 'revoke.done' || event.type === 'revoke.failed') {
    const tokenId = event.type === 'revoke.done' ? event.token.id : event.tokenId;
    const revoking = event.type === 'revoke.done' ? event.token.revoked : event.revoke;
    const current = row(context, tokenId);
    return context.pending.includes(tokenId) && current !== undefined && revoking === !current.revoked;
  }
  // A rename answers for the token being renamed.
  if (event.type === 'xstate.done.actor.renameToken') {
    return (event.output as ApiToken).id === context.draft.tokenId;
  }
  // Steps take no time here, so a row's request in flight when the 10 s Undo window ends would have
  // waited 10 s, the client's own limit (ky's timeout): it has failed by then, never answered after.
  if (event.type.startsWith('xstate.after.undoWindow')) return context.pending.length === 0;
  if (!event.type.startsWith('tokens.')) return true;
  // The Full Token modal is modal: only its Close button works.
  if (context.viewingId !== null) return event.type === 'tokens.closeView';
  const inDialog = DIALOG_EVENTS[dialog];
  if (inDialog) return inDialog.includes(event.type);
  // Retry exists only in the failed state; the rows' buttons only in a shown list.
  if (event.type === 'tokens.reload') return list === 'failed';
  if (list !== 'loaded' && event.type !== 'tokens.add') return false;
  // Rows change independently (the unit tests show it); here one request at a time keeps the
  // graph small, and the modals open only from a quiet panel. The row in flight still gets the
  // click its busy button would send (Revoke on an active row, Restore on a revoked one): the
  // machine must not start a second request for it.
  if (context.pending.length > 0) {
    if (event.type !== 'tokens.revoke' && event.type !== 'tokens.restore') return false;
    // Only while it is the one request in flight: a machine that wrongly starts a second one then
    // fails this step instead of growing `pending` (and the graph) without end.
    const current = row(context, event.tokenId);
    return (
      isDeepStrictEqual(context.pending, [event.tokenId]) &&
      current?.revoked === (event.type === 'tokens.restore')
    );
  }
  if (event.type === 'tokens.revoke' || event.type === 'tokens.restore') return true;
  // The name form and the Full Token modal read no row's revoked flag: they open beside the rows as
  // loaded (issue 28: the rows' flags are not walked through every dialog).
  if (list === 'loaded' && !rowsAsLoaded(context)) return false;
  return undo === 'idle';
}

export default defineModel({
  machine: tokensMachine,
  inputs: { 'user 2': { userId: USER_ID } },
  events: {
    'tokens.reload': [{ type: 'tokens.reload' }],
    'tokens.add': [{ type: 'tokens.add' }],
    'tokens.issue': [{ type: 'tokens.issue', name: GOOGLE_NAME }],
    'tokens.saved': [{ type: 'tokens.saved' }],
    'tokens.rename': [
      { type: 'tokens.rename', tokenId: ACTIVE.id },
      { type: 'tokens.rename', tokenId: 99 },
    ],
    'tokens.nameChanged': [
      { type: 'tokens.nameChanged', name: VALID_NAME },
      { type: 'tokens.nameChanged', name: TOO_LONG },
    ],
    'tokens.submitName': [{ type: 'tokens.submitName' }],
    'tokens.cancelName': [{ type: 'tokens.cancelName' }],
    'tokens.revoke': [
      { type: 'tokens.revoke', tokenId: ACTIVE.id },
      { type: 'tokens.revoke', tokenId: REVOKED.id },
      { type: 'tokens.revoke', tokenId: 99 },
    ],
    'tokens.confirmRevoke': [{ type: 'tokens.confirmRevoke' }],
    'tokens.cancelRevoke': [{ type: 'tokens.cancelRevoke' }],
    'tokens.restore': [
      { type: 'tokens.restore', tokenId: REVOKED.id },
      { type: 'tokens.restore', tokenId: ACTIVE.id },
      { type: 'tokens.restore', tokenId: 99 },
    ],
    'tokens.view': [
      { type: 'tokens.view', tokenId: ACTIVE.id },
      { type: 'tokens.view', tokenId: 99 },
    ],
    'tokens.closeView': [{ type: 'tokens.closeView' }],
    'revoke.done': [
      { type: 'revoke.done', token: { ...ACTIVE, revoked: true, updated_at: CHANGED_AT } },
      { type: 'revoke.done', token: { ...ACTIVE, revoked: false, updated_at: CHANGED_AT } },
      { type: 'revoke.done', token: { ...REVOKED, revoked: false, updated_at: CHANGED_AT } },
      { type: 'revoke.done', token: { ...REVOKED, revoked: true, updated_at: CHANGED_AT } },
    ],
    'revoke.failed': [
      { type: 'revoke.failed', tokenId: ACTIVE.id, revoke: true, error: failure },
      { type: 'revoke.failed', tokenId: REVOKED.id, revoke: false, error: offline },
    ],
  },
  outcomes: {
    loadTokens: { done: [[REVOKED, ACTIVE]], error: [offline] },
    addToken: { done: [{ message: 'Added new token successfully', token: ADDED }], error: [failure] },
    renameToken: {
      done: [{ ...ACTIVE, name: 'Shop feed', updated_at: CHANGED_AT }],
      error: [offline],
    },
  },
  stubActions: ['reportFailure'],
  serialize: ({ value, context }) => ({
    value,
    revoked: context.tokens.map((token) => token.revoked),
    pending: context.pending,
    viewing: context.viewingId !== null,
    draft: { isNew: context.draft.tokenId === null, valid: context.draft.error === null },
    undoId: context.undoId,
  }),
  filterEvents: allowed,
  check: (step) => {
    checkStep(step);
    checkScreen(step);
  },
});
