/**
 * Model of tokensMachine (spec §2 "Associated Tokens panel", §4 "Token revoked flag", §7 "list
 * reloaded after" adding, §8 'Added new token successfully' as a success toast, and silent failures). The revoke
 * requests are spawned children whose answers (`revoke.done` / `revoke.failed`) the fixtures send
 * as the children would; they are only sent for a row whose request is in flight.
 *
 * The serializer keeps the state, whether a revoke request is in flight, whether the modal is open
 * and whether the list holds rows: the guard reads the pending rows, and a view finds a row or not.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ApiToken } from '@/api/schemas/users';
import { tokensMachine } from '@/machines/tokens.machine';
import type { TokensContext } from '@/machines/tokens.machine';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

const USER_ID = 2;
const ACTIVE: ApiToken = {
  id: 11,
  revoked: false,
  token: 'pf_live_0123456789abcdef',
  used_requests: 40,
  total_requests: 100,
  created_at: '2025-01-02T09:00:00.000Z',
  updated_at: null,
};
const REVOKED: ApiToken = { ...ACTIVE, id: 12, revoked: true, token: 'pf_live_fedcba9876543210' };
const ADDED: ApiToken = { ...ACTIVE, id: 13, used_requests: 0, token: 'pf_live_00000000aaaaaaaa' };
const failure = new ApiError('Internal Server Error', { kind: 'http', status: 500 });

type TokensStep = ExecutedStep<typeof tokensMachine>;

function checkStep(step: TokensStep): void {
  const { before, event, after } = step;
  if (before === null) {
    expect(after.value).toBe('loading');
    expect(after.context).toEqual({ userId: USER_ID, tokens: [], viewing: null, pending: [] });
    expect(step.started).toEqual([{ src: 'loadTokens', id: expect.any(String), input: { userId: USER_ID } }]);
    return;
  }
  const unchanged = (fields: Partial<TokensContext>) =>
    expect(after.context).toEqual({ ...before.context, ...fields });
  switch (event.type) {
    case 'tokens.add':
      expect(after.value, "'+ Add Token' is disabled while adding").toBe('adding');
      expect(step.started).toEqual([{ src: 'addToken', id: expect.any(String), input: { userId: USER_ID } }]);
      unchanged({});
      return;
    case 'tokens.toggleRevoked': {
      expect(after.value).toEqual(before.value);
      if (before.context.pending.includes(event.tokenId)) {
        unchanged({});
        expect(step.started, 'a row waiting for its answer ignores further clicks').toEqual([]);
        return;
      }
      unchanged({ pending: [...before.context.pending, event.tokenId] });
      expect(step.started).toEqual([
        {
          src: 'revokeToken',
          id: `revoke-${event.tokenId}`,
          input: { userId: USER_ID, tokenId: event.tokenId, revoke: event.revoke },
        },
      ]);
      return;
    }
    case 'revoke.done': {
      const { token } = event;
      expect(after.value).toEqual(before.value);
      unchanged({
        tokens: before.context.tokens.map((row) => (row.id === token.id ? token : row)),
        pending: before.context.pending.filter((id) => id !== token.id),
        viewing: before.context.viewing?.id === token.id ? token : before.context.viewing,
      });
      return;
    }
    case 'revoke.failed':
      expect(after.value).toEqual(before.value);
      unchanged({ pending: before.context.pending.filter((id) => id !== event.tokenId) });
      expect(step.actions, 'only logged; the row stays as it was').toContainEqual({
        type: 'reportFailure',
        params: { what: 'Failed to change the token', error: event.error },
      });
      return;
    case 'tokens.view':
      unchanged({ viewing: before.context.tokens.find((row) => row.id === event.tokenId) ?? null });
      return;
    case 'tokens.closeView':
      unchanged({ viewing: null });
      return;
  }
  if ('output' in event && before.matches('loading')) {
    expect(after.value).toBe('ready');
    unchanged({ tokens: event.output as ApiToken[] });
  } else if ('output' in event) {
    expect(after.value, 'spec §7: the list is reloaded after adding').toBe('loading');
    expect(step.emitted).toEqual([
      { type: 'ui.toast', tone: 'success', message: 'Added new token successfully' },
    ]);
    expect(step.started.map((actor) => actor.src)).toEqual(['loadTokens']);
  } else if ('error' in event) {
    expect(after.value).toBe('ready');
    const loading = before.matches('loading');
    unchanged(loading ? { tokens: [] } : {});
    expect(step.actions, 'failures are only logged').toEqual([
      {
        type: 'reportFailure',
        params: { what: loading ? 'Failed to load tokens' : 'Failed to add a token', error: event.error },
      },
    ]);
    expect(step.emitted).toEqual([]);
  }
}

export default defineModel({
  machine: tokensMachine,
  inputs: { 'user 2': { userId: USER_ID } },
  events: {
    'tokens.add': [{ type: 'tokens.add' }],
    'tokens.toggleRevoked': [
      { type: 'tokens.toggleRevoked', tokenId: ACTIVE.id, revoke: true },
      { type: 'tokens.toggleRevoked', tokenId: REVOKED.id, revoke: false },
    ],
    'tokens.view': [{ type: 'tokens.view', tokenId: ACTIVE.id }],
    'tokens.closeView': [{ type: 'tokens.closeView' }],
    'revoke.done': [
      { type: 'revoke.done', token: { ...ACTIVE, revoked: true, updated_at: '2025-01-03T09:00:00.000Z' } },
      { type: 'revoke.done', token: { ...REVOKED, revoked: false, updated_at: '2025-01-03T09:00:00.000Z' } },
    ],
    'revoke.failed': [
      { type: 'revoke.failed', tokenId: ACTIVE.id, error: failure },
      { type: 'revoke.failed', tokenId: REVOKED.id, error: failure },
    ],
  },
  outcomes: {
    loadTokens: { done: [[REVOKED, ACTIVE]], error: [failure] },
    addToken: { done: [{ message: 'Added new token successfully', token: ADDED }], error: [failure] },
  },
  stubActions: ['reportFailure'],
  serialize: ({ value, context }) => ({
    value,
    pending: context.pending.length > 0,
    viewing: context.viewing !== null,
    rows: context.tokens.length > 0,
  }),
  filterEvents: (snapshot, event) => {
    // A revoke answer only comes from a request in flight for that row.
    if (event.type === 'revoke.done') return snapshot.context.pending.includes(event.token.id);
    if (event.type === 'revoke.failed') return snapshot.context.pending.includes(event.tokenId);
    // The 'View token' link and the modal's Close button exist only in a shown list.
    if (event.type === 'tokens.view') return snapshot.matches('ready') && snapshot.context.viewing === null;
    if (event.type === 'tokens.closeView') return snapshot.context.viewing !== null;
    return true;
  },
  check: checkStep,
});
