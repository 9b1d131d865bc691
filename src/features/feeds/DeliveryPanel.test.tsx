// @vitest-environment jsdom
/**
 * The feed editor's Delivery panel in each state of feedDiagnosticsMachine (issue 12), and its
 * "Shopify store" section in each connection state (issue 29): connected with the last sync and the
 * mapped / unmapped / excluded counts; not checked and failed (Shopify's reason) with what
 * connecting would fix; not configured without Sync now; no customer. Syncing keeps the section on
 * show; a refused sync shows the server's reason. Sync now sends `shopify.sync` and keeps the focus.
 * "Connect Google Merchant Center" (issue 30): the XML URL labelled for Google on the browser's
 * origin, the user name, a token for Google created in place and shown once, the last pull.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { formatDateTime } from '@/api/format';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { SHOPIFY_SYNC_RUNNING_MESSAGE } from '@/api/schemas/shopify';
import type { FeedShopifyStatus, ShopifyConnection } from '@/api/schemas/shopify';
import type { ApiTokenCreated } from '@/api/schemas/tokens';
import { failureText } from '@/machines/failure-text';
import { SHOPIFY_SYNC_FAILED, feedDiagnosticsMachine } from '@/machines/feedDiagnostics.machine';
import type { FeedDiagnosticsSnapshot } from '@/machines/feedDiagnostics.machine';
import { describeShopifyFailure } from '@/machines/shopifyConnection.machine';
import { tokensMachine } from '@/machines/tokens.machine';
import { paths } from '@/routes/paths';
import { httpFailure } from '@test-support/api-errors';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { DeliveryPanel } from './DeliveryPanel';
import { GOOGLE_TOKEN_NAME } from './GoogleMerchantSection';
import { SHOPIFY_CONNECTING_WOULD_FIX } from './ShopifyStoreSection';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const SYNCED_AT = '2026-11-26T10:05:00.000Z';
const PULLED_AT = '2026-11-26T11:00:00.000Z';
const CONNECTED: ShopifyConnection = {
  status: 'connected',
  checked_at: '2026-11-26T10:00:00.000Z',
  shop_name: 'Hopper Supplements',
  scopes: ['read_products'],
  failure: null,
};
const STORE: FeedShopifyStatus = {
  connection: CONNECTED,
  last_sync_at: SYNCED_AT,
  last_sync_failure: null,
  sync_running: false,
  mapped_count: 7,
  unmapped_count: 2,
  excluded_count: 3,
};
const THROTTLED = {
  code: 'throttled',
  message: 'Shopify is throttling calls',
  retry_after_seconds: 20,
} as const;

function diagnostics(
  shopify: FeedShopifyStatus | null,
  lastPulledAt: string | null = null,
  urls: FeedDiagnostics['urls'] = {
    json: 'https://x.test/4.json',
    csv: 'https://x.test/4.csv',
    xml: 'https://x.test/4.xml',
  },
): FeedDiagnostics {
  return {
    feed_id: 4,
    currency: 'EUR',
    discount_rate: 10,
    product_count: 2,
    deliverable_product_count: 2,
    delivered_count: 12,
    excluded: [],
    archived_variants: [],
    warnings: [],
    errors: [],
    urls,
    last_pulled_at: lastPulledAt,
    preview: [],
    shopify,
  };
}

const never = <T,>() => new Promise<T>(() => undefined);
const settle = <T,>(answer: T | Error | undefined): Promise<T> =>
  answer === undefined
    ? never<T>()
    : answer instanceof Error
      ? Promise.reject(answer)
      : Promise.resolve(answer);

/**
 * The panel of feed 4 (customer 12) rendered once its actor, whose load answers `load` and sync
 * answers `sync` (or never), has been sent `sync` (when asked) and then matches `state`.
 */
async function panelAfter(
  state: (snapshot: FeedDiagnosticsSnapshot) => boolean,
  {
    load,
    sync,
    syncNow = false,
    add,
  }: {
    load?: FeedDiagnostics | Error;
    sync?: FeedShopifyStatus | Error;
    syncNow?: boolean;
    /** What creating the token for Google answers (the Google section's tokens actor). */
    add?: ApiTokenCreated | Error;
  },
) {
  const tokens = givenActor(
    tokensMachine.provide({
      actors: { loadTokens: fromPromise(() => never()), addToken: fromPromise(() => settle(add)) },
      actions: { reportFailure: () => {} },
    }),
    { input: { userId: 12 } },
  );
  const given = givenActor(
    feedDiagnosticsMachine.provide({
      actors: {
        loadDiagnostics: fromPromise(() => settle(load)),
        syncStore: fromPromise(() => settle(sync)),
      },
      actions: { reportFailure: () => {} },
    }),
    { input: { feedId: 4 } },
  );
  if (syncNow) {
    await waitFor(given.actor, (snapshot) => snapshot.matches('loaded'));
    given.actor.send({ type: 'shopify.sync' });
  }
  await waitFor(given.actor, state);
  renderScreen(<DeliveryPanel actor={given.actor} catalogue={new Map()} unsaved={false} customerId={12} />);
  return { ...given, tokens };
}

const store = () => within(screen.getByRole('region', { name: 'Shopify store' }));
const syncButton = () => store().queryByRole<HTMLButtonElement>('button', { name: /Sync now|Syncing/ });
/** The section's counts, label → value. */
const counts = () =>
  Object.fromEntries(
    [...screen.getByRole('region', { name: 'Shopify store' }).querySelectorAll('dl')].map((stat) => [
      stat.querySelector('dt')?.textContent,
      stat.querySelector('dd')?.textContent,
    ]),
  );

describeScreenStates(feedDiagnosticsMachine, {
  'feedDiagnostics.checking': { unseen: 'transient: goes at once to loading or idle' },
  'feedDiagnostics.idle': async () => {
    const { actor } = givenActor(feedDiagnosticsMachine, { input: { feedId: null } });
    const { container } = renderScreen(
      <DeliveryPanel actor={actor} catalogue={new Map()} unsaved={false} customerId={null} />,
    );
    expect(container.querySelector('section')).toBeNull();
  },
  'feedDiagnostics.loading': async () => {
    await panelAfter((s) => s.matches('loading'), {});
    screen.getByText('Loading delivery...');
  },
  'feedDiagnostics.failed': async () => {
    await panelAfter((s) => s.matches('failed'), { load: httpFailure(404, 'Feed not found') });
    expect(screen.getByRole('alert').textContent).toBe('Feed not found');
    expect(screen.queryByRole('region', { name: 'Shopify store' })).toBeNull();
  },
  'feedDiagnostics.loaded': async () => {
    await panelAfter((s) => s.matches('loaded'), { load: diagnostics(STORE) });
    store().getByText('Connected');
    store().getByText(formatDateTime(SYNCED_AT));
    expect(counts()).toEqual({
      "Linked to the store's variant": '7',
      'Linked to the product page': '2',
      'Left out: not in the store': '3',
    });
    expect(store().queryByText(SHOPIFY_CONNECTING_WOULD_FIX)).toBeNull();
    expect(syncButton()?.getAttribute('aria-disabled')).toBeNull();
  },
  'feedDiagnostics.syncing': async () => {
    await panelAfter((s) => s.matches('syncing'), { load: diagnostics(STORE), syncNow: true });
    expect(syncButton()?.textContent).toBe('Syncing...');
    expect(syncButton()?.getAttribute('aria-busy')).toBe('true');
    expect(syncButton()?.disabled, 'focusable while it runs').toBe(false);
    expect(counts()["Linked to the store's variant"], 'the last counts stay on show').toBe('7');
  },
});

it.each([
  ['not checked', { ...CONNECTED, status: 'not_checked', checked_at: null, shop_name: null }, 'Not checked'],
  ['failed', { ...CONNECTED, status: 'failed', shop_name: null, failure: THROTTLED }, 'Failed'],
] as const)(
  'shows a store %s, what connecting would fix and the way to the customer, and still offers a sync',
  async (_, connection, text) => {
    await panelAfter((s) => s.matches('loaded'), {
      load: diagnostics({ ...STORE, connection, last_sync_at: null, mapped_count: 0 }),
    });
    store().getByText(text);
    store().getByText(SHOPIFY_CONNECTING_WOULD_FIX);
    expect(store().getByRole('link', { name: "Open the customer's page" }).getAttribute('href')).toBe(
      paths.editUser(12),
    );
    store().getByText('never');
    if (connection.failure !== null) store().getByText(describeShopifyFailure(connection.failure));
    expect(syncButton()).not.toBeNull();
  },
);

it('shows a store not configured with what connecting would fix, and no sync', async () => {
  const connection = { ...CONNECTED, status: 'not_configured', checked_at: null, shop_name: null } as const;
  await panelAfter((s) => s.matches('loaded'), { load: diagnostics({ ...STORE, connection }) });
  store().getByText('Not configured');
  store().getByText(SHOPIFY_CONNECTING_WOULD_FIX);
  store().getByRole('link', { name: "Open the customer's page" });
  expect(syncButton()).toBeNull();
  expect(counts()).toEqual({});
});

it('says a feed without a customer has no store', async () => {
  await panelAfter((s) => s.matches('loaded'), { load: diagnostics(null) });
  store().getByText('The feed has no customer, so there is no store to link to.');
  expect(syncButton()).toBeNull();
});

it("shows the last sync's failure and a sync running elsewhere", async () => {
  await panelAfter((s) => s.matches('loaded'), {
    load: diagnostics({ ...STORE, last_sync_failure: THROTTLED, sync_running: true }),
  });
  store().getByText(`Last sync failed: ${describeShopifyFailure(THROTTLED)}`);
  store().getByText(/a sync is running now/);
});

it("shows a refused sync's reason as the server words it", async () => {
  await panelAfter((s) => s.matches('loaded') && s.context.syncError !== null, {
    load: diagnostics(STORE),
    sync: httpFailure(409, SHOPIFY_SYNC_RUNNING_MESSAGE),
    syncNow: true,
  });
  expect(store().getByRole('alert').textContent).toBe(
    failureText(SHOPIFY_SYNC_FAILED, httpFailure(409, SHOPIFY_SYNC_RUNNING_MESSAGE)),
  );
});

it('sends Sync now, and the focus stays on the button while it runs', async () => {
  const { actor, sent } = await panelAfter((s) => s.matches('loaded'), { load: diagnostics(STORE) });
  const button = syncButton()!;
  button.focus();
  fireEvent.click(button);
  expect(sent).toEqual([{ type: 'shopify.sync' }]);
  expect(actor.getSnapshot().value).toBe('syncing');
  expect(syncButton()).toBe(button);
  expect(document.activeElement).toBe(button);
});

const google = () => within(screen.getByRole('region', { name: 'Connect Google Merchant Center' }));
const valueOf = (label: string) => google().getByRole<HTMLInputElement>('textbox', { name: label }).value;

it('Connect Google Merchant Center: the XML URL for Google, the user name, the token button, the last pull', async () => {
  await panelAfter((s) => s.matches('loaded'), { load: diagnostics(STORE, PULLED_AT) });
  expect(valueOf('Google Merchant Center feed URL')).toBe('https://x.test/4.xml');
  google().getByRole('button', { name: 'Copy the Google Merchant Center feed URL' });
  expect(valueOf('User name')).toBe('google');
  google().getByRole('button', { name: /^Create a token for Google/ });
  google().getByText(/Fetch schedule: daily/);
  google().getByText(formatDateTime(PULLED_AT));
});

it("shows URLs given as paths (no PUBLIC_URL) on the browser's origin, and a feed never pulled", async () => {
  const paths = {
    json: '/api/feed/v1/feeds/4.json',
    csv: '/api/feed/v1/feeds/4.csv',
    xml: '/api/feed/v1/feeds/4.xml',
  };
  await panelAfter((s) => s.matches('loaded'), { load: diagnostics(STORE, null, paths) });
  expect(valueOf('Google Merchant Center feed URL')).toBe(
    `${window.location.origin}/api/feed/v1/feeds/4.xml`,
  );
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'JSON feed URL' }).value).toBe(
    `${window.location.origin}/api/feed/v1/feeds/4.json`,
  );
  google().getByText('never');
});

it('creates a token named for Google in place and shows it once until "I have saved it"', async () => {
  const whole = `pf_live_g00g${'s'.repeat(39)}`;
  const { tokens } = await panelAfter((s) => s.matches('loaded'), {
    load: diagnostics(STORE),
    add: {
      message: 'Added new token successfully',
      token: {
        id: 31,
        name: GOOGLE_TOKEN_NAME,
        revoked: false,
        token_prefix: 'pf_live_g00g',
        token: whole,
        used_requests: 0,
        total_requests: 10000,
        last_used_at: null,
        created_at: SYNCED_AT,
        updated_at: null,
      },
    },
  });
  fireEvent.click(google().getByRole('button', { name: /^Create a token for Google/ }));
  expect(tokens.sent).toEqual([{ type: 'tokens.issue', name: GOOGLE_TOKEN_NAME }]);
  await waitFor(tokens.actor, (s) => s.matches({ dialog: 'issued' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save the token for Google' });
  expect(within(dialog).getByTestId('secret-once').textContent).toBe(whole);
  expect(dialog.textContent).toContain('token #31 “Google Merchant Center”');
  within(dialog).getByRole('button', { name: 'Copy token #31' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
  expect(tokens.sent.at(-1)).toEqual({ type: 'tokens.saved' });
});

it('offers to try again or give up when the token for Google was not created', async () => {
  const { tokens } = await panelAfter((s) => s.matches('loaded'), {
    load: diagnostics(STORE),
    add: httpFailure(500, 'Internal Server Error'),
  });
  tokens.actor.send({ type: 'tokens.issue', name: GOOGLE_TOKEN_NAME });
  await waitFor(tokens.actor, (s) => s.matches({ dialog: 'naming' }));
  await screen.findByText('The token was not created.');
  fireEvent.click(google().getByRole('button', { name: 'Try again' }));
  expect(tokens.sent.at(-1)).toEqual({ type: 'tokens.submitName' });
  await waitFor(tokens.actor, (s) => s.matches({ dialog: 'naming' }));
  fireEvent.click(await google().findByRole('button', { name: 'Cancel' }));
  expect(tokens.sent.at(-1)).toEqual({ type: 'tokens.cancelName' });
});

it('asks for a customer before a token can be made for a feed without one', async () => {
  const { actor } = givenActor(
    feedDiagnosticsMachine.provide({
      actors: { loadDiagnostics: fromPromise(async () => diagnostics(null)) },
      actions: { reportFailure: () => {} },
    }),
    { input: { feedId: 4 } },
  );
  await waitFor(actor, (s) => s.matches('loaded'));
  renderScreen(<DeliveryPanel actor={actor} catalogue={new Map()} unsaved={false} customerId={null} />);
  google().getByText(/Choose the feed's customer and save to create one here/);
  expect(google().queryByRole('button', { name: /^Create a token/ })).toBeNull();
});
