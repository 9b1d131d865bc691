import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import { httpFailure, networkFailure } from '@test-support/api-errors';
import { failureText } from './failure-text';
import {
  SHOPIFY_CHECK_FAILED,
  describeShopifyFailure,
  selectShopifyConnectionView,
  shopifyConnectionMachine,
} from './shopifyConnection.machine';

const NOT_CHECKED: ShopifyConnection = {
  status: 'not_checked',
  checked_at: null,
  shop_name: null,
  scopes: [],
  failure: null,
};
const CONNECTED: ShopifyConnection = {
  status: 'connected',
  checked_at: '2026-11-26T10:00:00.000Z',
  shop_name: 'Hopper Supplements',
  scopes: ['read_products'],
  failure: null,
};
const THROTTLED: ShopifyConnection = {
  status: 'failed',
  checked_at: '2026-11-26T11:00:00.000Z',
  shop_name: null,
  scopes: [],
  failure: {
    code: 'throttled',
    message: 'Shopify is throttling calls to this store',
    retry_after_seconds: 30,
  },
};

/** Starts the panel of user 12 from `connection`, its checks answered by `answers` in turn. */
function start(connection: ShopifyConnection, answers: Array<ShopifyConnection | Error>) {
  const checks: number[] = [];
  const machine = shopifyConnectionMachine.provide({
    actors: {
      checkConnection: fromPromise(async ({ input }: { input: { userId: number } }) => {
        checks.push(input.userId);
        const answer = answers.shift();
        if (answer === undefined) return new Promise<ShopifyConnection>(() => undefined);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: { reportFailure: () => {} },
  });
  const actor = createActor(machine, { input: { userId: 12, connection } }).start();
  return { actor, checks };
}

const view = (actor: ReturnType<typeof start>['actor']) => selectShopifyConnectionView(actor.getSnapshot());

describe('shopifyConnectionMachine', () => {
  it.each([
    ['not_configured', 'notConfigured'],
    ['not_checked', 'notChecked'],
    ['connected', 'connected'],
    ['failed', 'failed'],
  ] as const)('shows a stored %s connection as %s', (status, state) => {
    const { actor } = start({ ...THROTTLED, status }, []);
    expect(actor.getSnapshot().value).toBe(state);
    expect(view(actor).status).toBe(status);
    expect(view(actor).canCheck).toBe(status !== 'not_configured');
  });

  it('offers no check for a store that is not configured', () => {
    const { actor, checks } = start({ ...NOT_CHECKED, status: 'not_configured' }, []);
    actor.send({ type: 'shopify.check' });
    expect(actor.getSnapshot().value).toBe('notConfigured');
    expect(checks).toEqual([]);
  });

  it("checks the user's store and shows its answer, the last one on show meanwhile", async () => {
    const { actor, checks } = start(NOT_CHECKED, [CONNECTED, THROTTLED]);
    actor.send({ type: 'shopify.check' });
    expect(view(actor)).toMatchObject({ status: 'checking', connection: NOT_CHECKED, canCheck: false });
    await waitFor(actor, (snapshot) => snapshot.matches('connected'));
    expect(view(actor)).toMatchObject({ status: 'connected', connection: CONNECTED, failure: null });
    actor.send({ type: 'shopify.check' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view(actor).failure).toBe(describeShopifyFailure(THROTTLED.failure!));
    expect(checks).toEqual([12, 12]);
  });

  it('keeps the last result when the check gets no answer, says why, and forgets why on the next check', async () => {
    const { actor } = start(CONNECTED, [networkFailure(), httpFailure(404, 'User not found')]);
    actor.send({ type: 'shopify.check' });
    await waitFor(actor, (snapshot) => snapshot.matches('connected'));
    expect(view(actor)).toMatchObject({
      connection: CONNECTED,
      checkError: failureText(SHOPIFY_CHECK_FAILED, networkFailure()),
    });
    actor.send({ type: 'shopify.check' });
    expect(view(actor).checkError).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('connected') && snapshot.context.checkError !== null);
    expect(view(actor).checkError).toBe(`${SHOPIFY_CHECK_FAILED}: User not found`);
  });

  it('words a throttled failure with when to retry, and any other with its message alone', () => {
    expect(describeShopifyFailure(THROTTLED.failure!)).toBe(
      'Shopify is throttling calls to this store (retry after 30 s)',
    );
    const invalid = { code: 'invalid_token', message: 'Invalid API key', retry_after_seconds: null } as const;
    expect(describeShopifyFailure(invalid)).toBe('Invalid API key');
  });
});
