import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ApiToken, ApiTokenCreated } from '@/api/schemas/users';
import { remainingRequests, selectIsAdding, selectTokensLoading, tokensMachine } from './tokens.machine';
import type { UiEffect } from './ui-effects';

const token = (id: number, values: Partial<ApiToken> = {}): ApiToken => ({
  id,
  revoked: false,
  token: `pf_live_${id}`,
  used_requests: 10,
  total_requests: 100,
  created_at: '2025-06-01T10:00:00.000Z',
  updated_at: null,
  ...values,
});

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A tokens actor whose every call is a pending promise the test settles. */
function start() {
  const loads: Array<Pending<ApiToken[]>> = [];
  const adds: Array<Pending<ApiTokenCreated>> = [];
  const revokes: Array<{
    input: { userId: number; tokenId: number; revoke: boolean };
    answer: (
      event:
        { type: 'revoke.done'; token: ApiToken } | { type: 'revoke.failed'; tokenId: number; error: unknown },
    ) => void;
    stopped: boolean;
  }> = [];
  const machine = tokensMachine.provide({
    actors: {
      loadTokens: fromPromise(
        () => new Promise<ApiToken[]>((resolve, reject) => loads.push({ resolve, reject })),
      ),
      addToken: fromPromise(
        () => new Promise<ApiTokenCreated>((resolve, reject) => adds.push({ resolve, reject })),
      ),
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
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, loads, adds, revokes, emitted, settle, context: () => actor.getSnapshot().context };
}

afterEach(() => vi.restoreAllMocks());

describe('tokens machine', () => {
  it("loads the user's tokens, then is ready", async () => {
    const { actor, loads, settle, context } = start();
    expect(selectTokensLoading(actor.getSnapshot())).toBe(true);
    loads[0]!.resolve([token(2), token(1)]);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(context().tokens.map((t) => t.id)).toEqual([2, 1]);
  });

  it('a failed load is logged and the list is empty', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, loads, settle, context } = start();
    loads[0]!.reject(new Error('down'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(context().tokens).toEqual([]);
    expect(log).toHaveBeenCalledWith('Failed to load tokens', new Error('down'));
  });

  it('adding emits the server message and reloads the list', async () => {
    const { actor, loads, adds, emitted, settle, context } = start();
    loads[0]!.resolve([token(1)]);
    await settle();
    actor.send({ type: 'tokens.add' });
    expect(selectIsAdding(actor.getSnapshot())).toBe(true);
    // A second click while adding does nothing.
    actor.send({ type: 'tokens.add' });
    expect(adds).toHaveLength(1);
    adds[0]!.resolve({ message: 'Added new token successfully', token: token(2) });
    await settle();
    expect(emitted).toEqual([{ type: 'ui.toast', tone: 'success', message: 'Added new token successfully' }]);
    expect(actor.getSnapshot().value).toBe('loading');
    loads[1]!.resolve([token(2), token(1)]);
    await settle();
    expect(context().tokens.map((t) => t.id)).toEqual([2, 1]);
  });

  it('a failed add is only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, loads, adds, emitted, settle } = start();
    loads[0]!.resolve([]);
    await settle();
    actor.send({ type: 'tokens.add' });
    adds[0]!.reject(new Error('nope'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(emitted).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(loads).toHaveLength(1);
  });

  it('a revoke toggle updates the row on success; a row in flight ignores clicks', async () => {
    const { actor, loads, revokes, settle, context } = start();
    loads[0]!.resolve([token(2), token(1)]);
    await settle();
    actor.send({ type: 'tokens.toggleRevoked', tokenId: 1, revoke: true });
    actor.send({ type: 'tokens.toggleRevoked', tokenId: 1, revoke: false });
    expect(revokes.map((r) => r.input)).toEqual([{ userId: 7, tokenId: 1, revoke: true }]);
    expect(context().pending).toEqual([1]);
    // Another row toggles independently.
    actor.send({ type: 'tokens.toggleRevoked', tokenId: 2, revoke: true });
    expect(context().pending).toEqual([1, 2]);
    revokes[0]!.answer({
      type: 'revoke.done',
      token: token(1, { revoked: true, updated_at: '2025-06-02T00:00:00.000Z' }),
    });
    expect(context().tokens.find((t) => t.id === 1)).toMatchObject({
      revoked: true,
      updated_at: '2025-06-02T00:00:00.000Z',
    });
    expect(context().tokens.find((t) => t.id === 2)!.revoked).toBe(false);
    expect(context().pending).toEqual([2]);
    expect(revokes[0]!.stopped).toBe(true);
    // Once answered, the row may be toggled again.
    actor.send({ type: 'tokens.toggleRevoked', tokenId: 1, revoke: false });
    expect(revokes).toHaveLength(3);
  });

  it('a failed revoke is logged and the row stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, loads, revokes, settle, context } = start();
    loads[0]!.resolve([token(1)]);
    await settle();
    actor.send({ type: 'tokens.toggleRevoked', tokenId: 1, revoke: true });
    revokes[0]!.answer({ type: 'revoke.failed', tokenId: 1, error: new Error('403') });
    expect(context().tokens[0]!.revoked).toBe(false);
    expect(context().pending).toEqual([]);
    expect(log).toHaveBeenCalledWith('Failed to change the token', new Error('403'));
  });

  it('opens and closes the Full Token view', async () => {
    const { actor, loads, settle, context } = start();
    loads[0]!.resolve([token(1), token(2)]);
    await settle();
    actor.send({ type: 'tokens.view', tokenId: 2 });
    expect(context().viewing?.token).toBe('pf_live_2');
    actor.send({ type: 'tokens.closeView' });
    expect(context().viewing).toBeNull();
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
