import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { NETWORK_FAILURE_MESSAGE } from '@/api/client';
import { TOKEN_ADDED_MESSAGE, TOKEN_NAME_MESSAGES } from '@/api/schemas/tokens';
import type { ApiToken, ApiTokenCreated } from '@/api/schemas/tokens';
import { httpFailure, networkFailure } from '@test-support/api-errors';
import { heldPromiseActor } from '@test-support/fake-actors';
import {
  TOKEN_NAME_FIELD_ID,
  TOKEN_SECRET_COPY_ID,
  TOKEN_UNDO_MS,
  remainingRequests,
  selectTokensStatus,
  selectTokensView,
  tokenNameError,
  tokenToggleId,
  tokensMachine,
} from './tokens.machine';
import type { RevokeAnswer } from './tokens.machine';
import type { UiEffect } from './ui-effects';

const token = (id: number, values: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name: null,
  revoked: false,
  token_prefix: `pf_live_${id}`,
  used_requests: 10,
  total_requests: 100,
  last_used_at: null,
  created_at: '2025-06-01T10:00:00.000Z',
  updated_at: null,
  ...values,
});

const serverError = (message: string) => httpFailure(500, message);

/** A tokens actor whose every call is a pending promise (or callback) the test settles. */
function start() {
  vi.useFakeTimers();
  const loads = heldPromiseActor<ApiToken[], { userId: number }>();
  const adds = heldPromiseActor<ApiTokenCreated, { userId: number; name: string | null }>();
  const renames = heldPromiseActor<ApiToken, { userId: number; tokenId: number; name: string | null }>();
  const revokes: Array<{
    input: { userId: number; tokenId: number; revoke: boolean };
    answer: (event: RevokeAnswer) => void;
    stopped: boolean;
  }> = [];
  const machine = tokensMachine.provide({
    actors: {
      loadTokens: loads.logic,
      addToken: adds.logic,
      renameToken: renames.logic,
      revokeToken: fromCallback(({ input, sendBack }) => {
        const record = { input, answer: sendBack, stopped: false };
        revokes.push(record);
        return () => {
          record.stopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine, { input: { userId: 7 } });
  const emitted: UiEffect[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settle = () => vi.advanceTimersByTimeAsync(0);
  const view = () => selectTokensView(actor.getSnapshot());
  return {
    actor,
    loads: loads.calls,
    adds: adds.calls,
    renames: renames.calls,
    revokes,
    emitted,
    settle,
    view,
    context: () => actor.getSnapshot().context,
  };
}

/** Started and loaded with `rows`. */
async function loaded(rows: ApiToken[]) {
  const started = start();
  started.loads[0]!.answer.resolve(rows);
  await started.settle();
  return started;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('tokens machine: the list', () => {
  it("loads the user's tokens: loading, then loaded or empty", async () => {
    const { actor, loads, settle, view } = start();
    expect(view().status).toBe('loading');
    expect(loads[0]!.input).toEqual({ userId: 7 });
    loads[0]!.answer.resolve([token(2), token(1)]);
    await settle();
    expect(view()).toMatchObject({ status: 'loaded', failure: null });
    expect(view().tokens.map((t) => t.id)).toEqual([2, 1]);
    const empty = await loaded([]);
    expect(selectTokensStatus(empty.actor.getSnapshot())).toBe('empty');
    actor.stop();
  });

  it('a failed load is a failed state with the reason (not "No tokens found."), and Retry loads again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, loads, settle, view } = start();
    const error = serverError('Database unavailable');
    loads[0]!.answer.reject(error);
    await settle();
    expect(view()).toMatchObject({
      status: 'failed',
      failure: 'Failed to load tokens: Database unavailable',
      tokens: [],
    });
    expect(log).toHaveBeenCalledWith('Failed to load tokens', error);
    actor.send({ type: 'tokens.reload' });
    expect(view().status).toBe('loading');
    loads[1]!.answer.resolve([token(1)]);
    await settle();
    expect(view()).toMatchObject({ status: 'loaded', failure: null });
  });

  it('a reload while loading replaces the request in flight', async () => {
    const { actor, loads, settle, view } = start();
    actor.send({ type: 'tokens.reload' });
    expect(loads).toHaveLength(2);
    loads[0]!.answer.resolve([token(1)]);
    await settle();
    expect(view().status).toBe('loading');
    loads[1]!.answer.resolve([token(2)]);
    await settle();
    expect(view().tokens.map((t) => t.id)).toEqual([2]);
  });
});

describe('tokens machine: adding and renaming', () => {
  it('adds a named token: the form, the server message, and the list reloaded', async () => {
    const { actor, loads, adds, emitted, settle, view } = await loaded([token(1)]);
    actor.send({ type: 'tokens.add' });
    expect(view().nameForm).toEqual({
      draft: { tokenId: null, name: '', touched: false, error: null },
      saving: false,
    });
    actor.send({ type: 'tokens.nameChanged', name: '  Google Merchant  ' });
    actor.send({ type: 'tokens.submitName' });
    expect(view().nameForm?.saving).toBe(true);
    // The name goes trimmed, as the server stores it.
    expect(adds[0]!.input).toEqual({ userId: 7, name: 'Google Merchant' });
    actor.send({ type: 'tokens.submitName' });
    expect(adds).toHaveLength(1);
    const issued = { ...token(2, { name: 'Google Merchant' }), token: 'pf_live_2_whole_secret' };
    adds[0]!.answer.resolve({ message: TOKEN_ADDED_MESSAGE, token: issued });
    await settle();
    // Issue 30: the whole token is shown once, with the focus on its Copy, while the list reloads.
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'success', message: TOKEN_ADDED_MESSAGE },
      { type: 'ui.focus', elementId: TOKEN_SECRET_COPY_ID },
    ]);
    expect(view().nameForm).toBeNull();
    expect(view().issued).toEqual(issued);
    expect(view().status).toBe('loading');
    loads[1]!.answer.resolve([token(2, { name: 'Google Merchant' }), token(1)]);
    await settle();
    expect(view().tokens.map((t) => t.name)).toEqual(['Google Merchant', null]);
    expect(view().issued, 'the reload leaves the new token on show').toEqual(issued);
    actor.send({ type: 'tokens.saved' });
    expect(view().issued, "'I have saved it' forgets it").toBeNull();
    expect(actor.getSnapshot().context.issued).toBeNull();
  });

  it("issues a token by name with no form (the Delivery panel's Google token); a failure opens the form", async () => {
    const { actor, adds, settle, view } = await loaded([]);
    actor.send({ type: 'tokens.issue', name: 'Google Merchant Center' });
    expect(adds[0]!.input).toEqual({ userId: 7, name: 'Google Merchant Center' });
    expect(view().nameForm?.saving).toBe(true);
    adds[0]!.answer.reject(serverError('down'));
    await settle();
    expect(view().nameForm).toEqual({
      draft: { tokenId: null, name: 'Google Merchant Center', touched: false, error: null },
      saving: false,
    });
  });

  it('a blank name adds an unnamed token', async () => {
    const { actor, adds } = await loaded([]);
    actor.send({ type: 'tokens.add' });
    actor.send({ type: 'tokens.nameChanged', name: '   ' });
    actor.send({ type: 'tokens.submitName' });
    expect(adds[0]!.input).toEqual({ userId: 7, name: null });
  });

  it('a failed add keeps the form and what was typed, and says why in an error toast', async () => {
    const { actor, adds, loads, emitted, settle, view } = await loaded([]);
    actor.send({ type: 'tokens.add' });
    actor.send({ type: 'tokens.nameChanged', name: 'Feed' });
    actor.send({ type: 'tokens.submitName' });
    adds[0]!.answer.reject(serverError('User not found'));
    await settle();
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'error', message: 'Failed to add token: User not found' },
    ]);
    expect(view().nameForm).toEqual({
      draft: { tokenId: null, name: 'Feed', touched: true, error: null },
      saving: false,
    });
    expect(loads).toHaveLength(1);
    // Offline: the client's own wording.
    actor.send({ type: 'tokens.submitName' });
    adds[1]!.answer.reject(networkFailure());
    await settle();
    expect(emitted.at(-1)).toEqual({
      type: 'ui.toast',
      tone: 'error',
      message: `Failed to add token: ${NETWORK_FAILURE_MESSAGE}`,
    });
  });

  it('refuses a name the contract refuses: the message under the field, focus on it, nothing sent', async () => {
    const { actor, adds, emitted, view } = await loaded([]);
    actor.send({ type: 'tokens.add' });
    actor.send({ type: 'tokens.nameChanged', name: 'x'.repeat(101) });
    expect(view().nameForm?.draft.error).toBe(TOKEN_NAME_MESSAGES.tooLong);
    actor.send({ type: 'tokens.submitName' });
    expect(adds).toHaveLength(0);
    expect(emitted).toEqual([{ type: 'ui.focus', elementId: TOKEN_NAME_FIELD_ID }]);
    actor.send({ type: 'tokens.nameChanged', name: 'tab\there' });
    expect(view().nameForm?.draft.error).toBe(TOKEN_NAME_MESSAGES.controlCharacters);
    actor.send({ type: 'tokens.cancelName' });
    expect(view().nameForm).toBeNull();
    // Cancelled input is not kept for the next form.
    actor.send({ type: 'tokens.add' });
    expect(view().nameForm?.draft.name).toBe('');
  });

  it('renames a token from its current name; the row becomes the answer', async () => {
    const { actor, renames, emitted, settle, view } = await loaded([token(2), token(1, { name: 'Old' })]);
    actor.send({ type: 'tokens.rename', tokenId: 1 });
    expect(view().nameForm?.draft).toEqual({ tokenId: 1, name: 'Old', touched: false, error: null });
    actor.send({ type: 'tokens.nameChanged', name: 'New ' });
    actor.send({ type: 'tokens.submitName' });
    expect(renames[0]!.input).toEqual({ userId: 7, tokenId: 1, name: 'New' });
    expect(view().tokens[1]!.name).toBe('Old');
    const answer = token(1, { name: 'New', updated_at: '2025-06-03T00:00:00.000Z' });
    renames[0]!.answer.resolve(answer);
    await settle();
    expect(view().tokens[1]).toEqual(answer);
    expect(view().nameForm).toBeNull();
    expect(emitted).toEqual([{ type: 'ui.toast', tone: 'success', message: 'Token #1 renamed' }]);
  });

  it('a failed rename leaves the row and says why', async () => {
    const { actor, renames, emitted, settle, view } = await loaded([token(1, { name: 'Old' })]);
    actor.send({ type: 'tokens.rename', tokenId: 1 });
    actor.send({ type: 'tokens.nameChanged', name: 'New' });
    actor.send({ type: 'tokens.submitName' });
    renames[0]!.answer.reject(serverError('Token not found'));
    await settle();
    expect(view().tokens[0]!.name).toBe('Old');
    expect(view().nameForm?.draft.name).toBe('New');
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'error', message: 'Failed to rename token: Token not found' },
    ]);
  });

  it('renaming a row that is not there opens nothing', async () => {
    const { actor, view } = await loaded([token(1)]);
    actor.send({ type: 'tokens.rename', tokenId: 99 });
    expect(view().nameForm).toBeNull();
  });
});

describe('tokens machine: revoke, undo and restore', () => {
  it('revoke asks first; Cancel sends nothing', async () => {
    const { actor, revokes, view } = await loaded([token(1, { name: 'Shop' })]);
    actor.send({ type: 'tokens.revoke', tokenId: 1 });
    expect(view().confirming).toEqual(token(1, { name: 'Shop' }));
    // Another dialog cannot open over the confirmation.
    actor.send({ type: 'tokens.add' });
    expect(view().nameForm).toBeNull();
    actor.send({ type: 'tokens.cancelRevoke' });
    expect(view().confirming).toBeNull();
    expect(revokes).toHaveLength(0);
    expect(view().tokens[0]!.revoked).toBe(false);
  });

  it('Confirm revokes: the row waits for the server, then shows its answer, a toast, and Undo for a while', async () => {
    const { actor, revokes, emitted, view } = await loaded([token(2), token(1)]);
    actor.send({ type: 'tokens.revoke', tokenId: 1 });
    actor.send({ type: 'tokens.confirmRevoke' });
    expect(revokes.map((r) => r.input)).toEqual([{ userId: 7, tokenId: 1, revoke: true }]);
    expect(view().pending).toEqual([1]);
    // Never optimistic: the row still says what the server said.
    expect(view().tokens[1]!.revoked).toBe(false);
    // A row in flight takes no other revoke or restore.
    actor.send({ type: 'tokens.revoke', tokenId: 1 });
    expect(view().confirming).toBeNull();
    const answer = token(1, { revoked: true, updated_at: '2025-06-02T00:00:00.000Z' });
    revokes[0]!.answer({ type: 'revoke.done', token: answer });
    expect(view().tokens[1]).toEqual(answer);
    expect(view().pending).toEqual([]);
    expect(view().undoId).toBe(1);
    expect(revokes[0]!.stopped).toBe(true);
    // Issue 30: the focus goes to the row's button, which now reads Undo.
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'success', message: 'Token #1 revoked' },
      { type: 'ui.focus', elementId: tokenToggleId(1) },
    ]);
    await vi.advanceTimersByTimeAsync(TOKEN_UNDO_MS - 1);
    expect(view().undoId).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(view().undoId).toBeNull();
    // Restore stays possible after the Undo offer ended.
    actor.send({ type: 'tokens.restore', tokenId: 1 });
    expect(revokes[1]!.input).toEqual({ userId: 7, tokenId: 1, revoke: false });
  });

  it('Undo restores without asking; the offer ends with the answer', async () => {
    const { actor, revokes, emitted, view } = await loaded([token(1)]);
    actor.send({ type: 'tokens.revoke', tokenId: 1 });
    actor.send({ type: 'tokens.confirmRevoke' });
    revokes[0]!.answer({ type: 'revoke.done', token: token(1, { revoked: true }) });
    actor.send({ type: 'tokens.restore', tokenId: 1 });
    expect(view().confirming).toBeNull();
    expect(revokes[1]!.input).toEqual({ userId: 7, tokenId: 1, revoke: false });
    revokes[1]!.answer({ type: 'revoke.done', token: token(1, { revoked: false }) });
    expect(view().tokens[0]!.revoked).toBe(false);
    expect(view().undoId).toBeNull();
    // Issue 30: and back to the row's button, which reads Revoke again.
    expect(emitted.slice(-2)).toEqual([
      { type: 'ui.toast', tone: 'success', message: 'Token #1 restored' },
      { type: 'ui.focus', elementId: tokenToggleId(1) },
    ]);
  });

  it('a newer revoke takes the Undo offer over; restoring another token leaves it', async () => {
    const { actor, revokes, view } = await loaded([token(3, { revoked: true }), token(2), token(1)]);
    for (const [index, id] of [1, 2].entries()) {
      actor.send({ type: 'tokens.revoke', tokenId: id });
      actor.send({ type: 'tokens.confirmRevoke' });
      await vi.advanceTimersByTimeAsync(TOKEN_UNDO_MS / 2);
      revokes[index]!.answer({ type: 'revoke.done', token: token(id, { revoked: true }) });
    }
    expect(view().undoId).toBe(2);
    actor.send({ type: 'tokens.restore', tokenId: 3 });
    revokes[2]!.answer({ type: 'revoke.done', token: token(3, { revoked: false }) });
    expect(view().undoId).toBe(2);
    // The newer revoke restarted the time.
    await vi.advanceTimersByTimeAsync(TOKEN_UNDO_MS - 1);
    expect(view().undoId).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(view().undoId).toBeNull();
  });

  it('a failed revoke leaves the row as the server said and gives the reason', async () => {
    const { actor, revokes, emitted, view } = await loaded([token(1)]);
    actor.send({ type: 'tokens.revoke', tokenId: 1 });
    actor.send({ type: 'tokens.confirmRevoke' });
    revokes[0]!.answer({
      type: 'revoke.failed',
      tokenId: 1,
      revoke: true,
      error: serverError('Token not found'),
    });
    expect(view().tokens[0]!.revoked).toBe(false);
    expect(view().pending).toEqual([]);
    expect(view().undoId).toBeNull();
    expect(revokes[0]!.stopped).toBe(true);
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'error', message: 'Failed to revoke token: Token not found' },
    ]);
    // The row takes clicks again.
    actor.send({ type: 'tokens.revoke', tokenId: 1 });
    expect(view().confirming?.id).toBe(1);
  });

  it('a failed restore says so and keeps the row revoked', async () => {
    const { actor, revokes, emitted, view } = await loaded([token(1, { revoked: true })]);
    actor.send({ type: 'tokens.restore', tokenId: 1 });
    actor.send({ type: 'tokens.restore', tokenId: 1 });
    expect(revokes).toHaveLength(1);
    revokes[0]!.answer({ type: 'revoke.failed', tokenId: 1, revoke: false, error: serverError('Forbidden') });
    expect(view().tokens[0]!.revoked).toBe(true);
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'error', message: 'Failed to restore token: Forbidden' },
    ]);
  });

  it('revoke and restore only where they mean something: an active row revokes, a revoked row restores', async () => {
    const { actor, revokes, view } = await loaded([token(2, { revoked: true }), token(1)]);
    actor.send({ type: 'tokens.revoke', tokenId: 2 });
    expect(view().confirming).toBeNull();
    actor.send({ type: 'tokens.restore', tokenId: 1 });
    actor.send({ type: 'tokens.restore', tokenId: 99 });
    expect(revokes).toHaveLength(0);
  });
});

describe('tokens machine: Full Token', () => {
  it('opens the row, follows its changes, and closes', async () => {
    const { actor, revokes, view } = await loaded([token(1), token(2)]);
    actor.send({ type: 'tokens.view', tokenId: 2 });
    expect(view().viewing?.token_prefix).toBe('pf_live_2');
    actor.send({ type: 'tokens.restore', tokenId: 2 });
    actor.send({ type: 'tokens.revoke', tokenId: 2 });
    actor.send({ type: 'tokens.confirmRevoke' });
    revokes[0]!.answer({ type: 'revoke.done', token: token(2, { revoked: true }) });
    expect(view().viewing?.revoked).toBe(true);
    actor.send({ type: 'tokens.closeView' });
    expect(view().viewing).toBeNull();
    actor.send({ type: 'tokens.view', tokenId: 99 });
    expect(view().viewing).toBeNull();
  });
});

describe('tokenNameError', () => {
  it('accepts blank and up to 100 characters after trimming; refuses longer or control characters', () => {
    expect(tokenNameError('')).toBeNull();
    expect(tokenNameError(`  ${'a'.repeat(100)}  `)).toBeNull();
    expect(tokenNameError('a'.repeat(101))).toBe(TOKEN_NAME_MESSAGES.tooLong);
    expect(tokenNameError('a\u0000')).toBe(TOKEN_NAME_MESSAGES.controlCharacters);
  });
});

describe('remainingRequests', () => {
  it('is total minus used, with its share', () => {
    expect(remainingRequests({ used_requests: 25, total_requests: 100 })).toEqual({
      remaining: 75,
      percent: 75,
    });
    expect(remainingRequests({ used_requests: 0, total_requests: 10000 })).toEqual({
      remaining: 10000,
      percent: 100,
    });
    expect(remainingRequests({ used_requests: 120, total_requests: 100 })).toEqual({
      remaining: 0,
      percent: 0,
    });
    expect(remainingRequests({ used_requests: 0, total_requests: 0 })).toEqual({ remaining: 0, percent: 0 });
  });
});
