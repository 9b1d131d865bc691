/**
 * Model of shopifyConnectionMachine (issue 29 "Check connection" on the user's edit page), walked
 * from each stored status of user 12's connection (`shareStates`: they are starts of one walk). A
 * check answers with each status the server may store, or gets no answer (our server unreachable, a
 * thrown value that is no ApiError). The serializer keeps the state, the stored status (what the
 * transient `showing` reads) and whether a check's failure is on show. Every step also checks the
 * panel's view (`selectShopifyConnectionView`).
 */
import { expect } from 'vitest';
import type { ShopifyConnection, ShopifyConnectionStatus } from '@/api/schemas/shopify';
import { selectShopifyConnectionView, shopifyConnectionMachine } from '@/machines/shopifyConnection.machine';
import { networkFailure } from '@test-support/api-errors';
import { defineModel } from '../harness';

/** Issue 29: the panel's words for a check that got no answer, and the client's for no answer at all. */
const CHECK_FAILED = 'Could not check the connection';
const UNREACHABLE = `${CHECK_FAILED}: ${networkFailure().message}`;

/** The words the users list and the edit page show for each stored status (issue 29). */
const TEXTS: Record<ShopifyConnectionStatus, string> = {
  not_configured: 'Not configured',
  not_checked: 'Not checked',
  connected: 'Connected',
  failed: 'Failed',
};

/** The state that shows each stored status. */
const STATE_OF: Record<ShopifyConnectionStatus, string> = {
  not_configured: 'notConfigured',
  not_checked: 'notChecked',
  connected: 'connected',
  failed: 'failed',
};

function connection(status: ShopifyConnectionStatus): ShopifyConnection {
  const checked = status === 'connected' || status === 'failed';
  return {
    status,
    checked_at: checked ? '2026-11-26T10:00:00.000Z' : null,
    shop_name: status === 'connected' ? 'Hopper Supplements' : null,
    scopes: status === 'connected' ? ['read_products'] : [],
    failure:
      status === 'failed'
        ? { code: 'throttled', message: 'Shopify is throttling calls', retry_after_seconds: 20 }
        : null,
  };
}

export default defineModel({
  machine: shopifyConnectionMachine,
  inputs: {
    'not configured': { userId: 12, connection: connection('not_configured') },
    'not checked': { userId: 12, connection: connection('not_checked') },
    connected: { userId: 12, connection: connection('connected') },
    failed: { userId: 12, connection: connection('failed') },
  },
  shareStates: true,
  events: { 'shopify.check': [{ type: 'shopify.check' }] },
  outcomes: {
    checkConnection: {
      done: [
        connection('connected'),
        connection('failed'),
        connection('not_checked'),
        connection('not_configured'),
      ],
      error: [networkFailure(), 'aborted'],
    },
  },
  stubActions: ['reportFailure'],
  serialize: ({ value, context }) => ({
    value,
    stored: context.connection.status,
    checkError: context.checkError !== null,
  }),
  check: ({ input, before, event, after, actions, started }) => {
    const { connection: stored, checkError } = after.context;
    const checking = after.matches('checking');
    expect(selectShopifyConnectionView(after), 'what the connection panel renders').toEqual({
      status: checking ? 'checking' : stored.status,
      statusText: checking ? 'Checking...' : TEXTS[stored.status],
      connection: stored,
      failure: stored.status === 'failed' ? 'Shopify is throttling calls (retry after 20 s)' : null,
      checkError,
      canCheck: !checking && stored.status !== 'not_configured',
    });
    if (before === null) {
      expect(after.context).toEqual({ userId: 12, connection: input?.connection, checkError: null });
      expect(after.value, 'the stored status on show').toBe(STATE_OF[input!.connection.status]);
      expect(started).toEqual([]);
      return;
    }
    if (event.type === 'shopify.check') {
      if (before.matches('notConfigured') || before.matches('checking')) {
        expect(after, 'no check without a domain and key, nor two at once').toBe(before);
        return;
      }
      expect(after.value).toBe('checking');
      expect(after.context, 'the last result stays on show, an earlier reason goes').toEqual({
        ...before.context,
        checkError: null,
      });
      expect(started.map((actor) => [actor.src, actor.input])).toEqual([['checkConnection', { userId: 12 }]]);
      return;
    }
    if ('output' in event) {
      expect(after.context).toEqual({ userId: 12, connection: event.output, checkError: null });
      expect(after.value, "the server's answer on show, whichever status").toBe(
        STATE_OF[(event.output as ShopifyConnection).status],
      );
    } else if ('error' in event) {
      expect(after.context.connection, 'the last result stays').toBe(before.context.connection);
      expect(after.value).toBe(STATE_OF[before.context.connection.status]);
      expect(checkError).toBe(event.error === 'aborted' ? CHECK_FAILED : UNREACHABLE);
      expect(actions).toContainEqual({ type: 'reportFailure', params: { error: event.error } });
    }
  },
});
