// @vitest-environment jsdom
/**
 * The "Shopify connection" panel (issue 29) in each state of shopifyConnectionMachine: not
 * configured (the reason the check is disabled, tied to the button), not checked, connected (shop,
 * scopes, checked time), failed (Shopify's reason in words), checking (busy, the last result still
 * on show), and a check that got no answer (the last result and why). Check sends `shopify.check`
 * and leaves the focus on the button.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { formatDateTime } from '@/api/format';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import { failureText } from '@/machines/failure-text';
import {
  SHOPIFY_CHECK_FAILED,
  SHOPIFY_NOT_CONFIGURED_HINT,
  describeShopifyFailure,
  shopifyConnectionMachine,
} from '@/machines/shopifyConnection.machine';
import type { ShopifyConnectionSnapshot } from '@/machines/shopifyConnection.machine';
import { networkFailure } from '@test-support/api-errors';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { ShopifyConnectionPanel } from './ShopifyConnectionPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const CHECKED_AT = '2026-11-26T10:00:00.000Z';
const NOT_CONFIGURED: ShopifyConnection = {
  status: 'not_configured',
  checked_at: null,
  shop_name: null,
  scopes: [],
  failure: null,
};
const NOT_CHECKED: ShopifyConnection = { ...NOT_CONFIGURED, status: 'not_checked' };
const CONNECTED: ShopifyConnection = {
  status: 'connected',
  checked_at: CHECKED_AT,
  shop_name: 'Hopper Supplements',
  scopes: ['read_products', 'read_inventory'],
  failure: null,
};
const FAILED: ShopifyConnection = {
  status: 'failed',
  checked_at: CHECKED_AT,
  shop_name: null,
  scopes: [],
  failure: { code: 'missing_scope', message: 'The key lacks read_products', retry_after_seconds: null },
};

/**
 * The panel of user 12 stored as `connection`, rendered once its actor (whose check answers
 * `check`, or never) has taken `events` and then matches `state`.
 */
async function panelAfter(
  connection: ShopifyConnection,
  state: (snapshot: ShopifyConnectionSnapshot) => boolean,
  { check, checks = 0 }: { check?: ShopifyConnection | Error; checks?: number } = {},
) {
  const given = givenActor(
    shopifyConnectionMachine.provide({
      actors: {
        checkConnection: fromPromise(() =>
          check === undefined
            ? new Promise<ShopifyConnection>(() => undefined)
            : check instanceof Error
              ? Promise.reject(check)
              : Promise.resolve(check),
        ),
      },
      actions: { reportFailure: () => {} },
    }),
    { input: { userId: 12, connection } },
  );
  for (let i = 0; i < checks; i += 1) given.actor.send({ type: 'shopify.check' });
  await waitFor(given.actor, state);
  renderScreen(<ShopifyConnectionPanel userId={12} connection={connection} />);
  return given;
}

const checkButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: /Check connection|Checking/ });
const panel = () => within(screen.getByRole('region', { name: 'Shopify connection' }));
const status = () => panel().getByRole('status').textContent;

describeScreenStates(shopifyConnectionMachine, {
  'shopifyConnection.showing': { unseen: 'transient: goes at once to the state of the stored status' },
  'shopifyConnection.notConfigured': async () => {
    await panelAfter(NOT_CONFIGURED, (s) => s.matches('notConfigured'));
    expect(status()).toBe('Not configured');
    const hint = screen.getByText(SHOPIFY_NOT_CONFIGURED_HINT);
    expect(checkButton().disabled).toBe(true);
    expect(checkButton().getAttribute('aria-describedby')).toBe(hint.id);
  },
  'shopifyConnection.notChecked': async () => {
    await panelAfter(NOT_CHECKED, (s) => s.matches('notChecked'));
    expect(status()).toBe('Not checked');
    screen.getByText('Not checked since the domain or key last changed.');
    expect(checkButton().disabled).toBe(false);
  },
  'shopifyConnection.connected': async () => {
    await panelAfter(CONNECTED, (s) => s.matches('connected'));
    expect(status()).toBe('Connected');
    screen.getByText('Hopper Supplements');
    screen.getByText('read_products, read_inventory');
    screen.getByText(formatDateTime(CHECKED_AT));
    expect(panel().queryByRole('alert')).toBeNull();
  },
  'shopifyConnection.failed': async () => {
    await panelAfter(FAILED, (s) => s.matches('failed'));
    expect(status()).toBe('Failed');
    screen.getByText(describeShopifyFailure(FAILED.failure!), { selector: 'p' });
    screen.getByText(formatDateTime(CHECKED_AT));
    expect(checkButton().disabled).toBe(false);
  },
  'shopifyConnection.checking': async () => {
    await panelAfter(CONNECTED, (s) => s.matches('checking'), { checks: 1 });
    expect(status()).toBe('Checking...');
    expect(checkButton().textContent).toBe('Checking...');
    expect(checkButton().getAttribute('aria-busy')).toBe('true');
    expect(checkButton().disabled).toBe(false);
    screen.getByText('Hopper Supplements');
  },
});

it('shows why a check got no answer beside the last result', async () => {
  await panelAfter(CONNECTED, (s) => s.context.checkError !== null, { check: networkFailure(), checks: 1 });
  expect(status()).toBe('Connected');
  expect(panel().getByRole('alert').textContent).toBe(failureText(SHOPIFY_CHECK_FAILED, networkFailure()));
  screen.getByText('Hopper Supplements');
});

it('sends the check, and the focus stays on the button while it runs and after', async () => {
  const { actor, sent } = await panelAfter(NOT_CHECKED, (s) => s.matches('notChecked'));
  const button = checkButton();
  button.focus();
  fireEvent.click(button);
  expect(sent).toEqual([{ type: 'shopify.check' }]);
  expect(actor.getSnapshot().value).toBe('checking');
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
  expect(sent, 'a click while checking is sent, and the machine ignores it').toHaveLength(2);
  await act(() => Promise.resolve());
  expect(document.activeElement).toBe(checkButton());
});
