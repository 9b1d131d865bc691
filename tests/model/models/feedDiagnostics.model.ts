/**
 * Model of feedDiagnosticsMachine (issue 12 "Diagnostics for the admin", the feed editor's Delivery
 * panel), walked from a feed not saved yet and from saved feed 7. The serializer keeps the state,
 * whether a feed is known and whether diagnostics are on show: what the panel renders.
 * `diagnostics.reload` is what the editor sends after a save (here saving feed 7, or creating 8).
 * Issue 29: "Sync now" (`shopify.sync`) syncs the customer's store when the diagnostics show one
 * configured (the serializer keeps whether they do, and whether a refused sync's reason is on show),
 * then loads the diagnostics again. Every step also checks the panel's view (`selectDiagnosticsView`).
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import type { FeedShopifyStatus, ShopifyConnection } from '@/api/schemas/shopify';
import { SHOPIFY_SYNC_RUNNING_MESSAGE } from '@/api/schemas/shopify';
import { feedDiagnosticsMachine, selectDiagnosticsView } from '@/machines/feedDiagnostics.machine';
import { httpFailure, networkFailure } from '@test-support/api-errors';
import { defineModel } from '../harness';

/** The panel's own words when a failure brings no message of its own. */
const LOAD_FAILED = 'Failed to load the delivery diagnostics';
/** Issue 29: the panel's words before the reason of a sync that did not run. */
const SYNC_FAILED = 'Could not sync the Shopify store';

const DIAGNOSTICS: FeedDiagnostics = {
  feed_id: 7,
  currency: 'EUR',
  discount_rate: 15,
  product_count: 3,
  deliverable_product_count: 2,
  delivered_count: 4,
  excluded: [
    {
      reason: 'status_draft',
      message: 'Draft in the shop: not for sale',
      items: [{ product_id: 3, product_name: 'Draft', variant_id: null, sku: null }],
    },
  ],
  archived_variants: [],
  warnings: [],
  errors: [],
  urls: {
    json: 'https://feeds.example.com/api/feed/v1/feeds/7.json',
    csv: 'https://feeds.example.com/api/feed/v1/feeds/7.csv',
    xml: 'https://feeds.example.com/api/feed/v1/feeds/7.xml',
  },
  preview: [],
  shopify: null,
  last_pulled_at: null,
};

const CONNECTED: ShopifyConnection = {
  status: 'connected',
  checked_at: '2026-11-26T10:00:00.000Z',
  shop_name: 'Hopper Supplements',
  scopes: ['read_products'],
  failure: null,
};

/** The feed's view of its customer's store, before a sync and as a sync answers. */
const NEVER_SYNCED: FeedShopifyStatus = {
  connection: CONNECTED,
  last_sync_at: null,
  last_sync_failure: null,
  sync_running: false,
  mapped_count: 0,
  unmapped_count: 4,
  excluded_count: 0,
};
const SYNCED: FeedShopifyStatus = {
  ...NEVER_SYNCED,
  last_sync_at: '2026-11-26T10:05:00.000Z',
  mapped_count: 3,
  unmapped_count: 1,
};

/** Diagnostics with a customer's store connected, and with one whose domain and key are not saved. */
const WITH_STORE: FeedDiagnostics = { ...DIAGNOSTICS, shopify: NEVER_SYNCED };
const NOT_CONFIGURED: FeedDiagnostics = {
  ...DIAGNOSTICS,
  shopify: {
    ...NEVER_SYNCED,
    connection: { ...CONNECTED, status: 'not_configured', checked_at: null, shop_name: null, scopes: [] },
  },
};

/** Whether diagnostics show a store "Sync now" can sync (issue 29). */
const hasStore = (diagnostics: FeedDiagnostics | null) =>
  diagnostics?.shopify != null && diagnostics.shopify.connection.status !== 'not_configured';

export default defineModel({
  machine: feedDiagnosticsMachine,
  inputs: { 'new feed': { feedId: null }, 'feed 7': { feedId: 7 } },
  events: {
    'diagnostics.reload': [
      { type: 'diagnostics.reload', feedId: 7 },
      { type: 'diagnostics.reload', feedId: 8 },
    ],
    'diagnostics.retry': [{ type: 'diagnostics.retry' }],
    'shopify.sync': [{ type: 'shopify.sync' }],
  },
  outcomes: {
    loadDiagnostics: {
      // Without a customer, with a store connected, with one not configured.
      done: [DIAGNOSTICS, WITH_STORE, NOT_CONFIGURED],
      // A failure with a message, an Error without one, and a thrown value that is no Error.
      error: [new ApiError('Feed not found', { kind: 'http', status: 404 }), new Error(''), 'aborted'],
    },
    syncStore: {
      done: [SYNCED],
      // Issue 29: the 409 of a sync already running (in the server's words), and no answer at all.
      error: [httpFailure(409, SHOPIFY_SYNC_RUNNING_MESSAGE), networkFailure()],
    },
  },
  stubActions: ['reportFailure'],
  serialize: ({ value, context }) => ({
    value,
    feed: context.feedId !== null,
    shown: context.diagnostics !== null,
    store: hasStore(context.diagnostics),
    syncError: context.syncError !== null,
  }),
  // A reload with another id reads the same as one with the same id once a feed is known.
  filterEvents: (snapshot, event) =>
    event.type !== 'diagnostics.reload' || snapshot.context.feedId === null || event.feedId === 7,
  check: ({ input, before, event, after, actions, started }) => {
    expect(selectDiagnosticsView(after), 'what the Delivery panel renders').toEqual({
      status: after.value,
      diagnostics: after.context.diagnostics,
      error: after.context.error,
      syncError: after.context.syncError,
      canSync: after.matches('loaded') && hasStore(after.context.diagnostics),
    });
    if (before === null) {
      expect(after.context).toEqual({
        feedId: input?.feedId ?? null,
        diagnostics: null,
        error: null,
        syncError: null,
      });
      if (input?.feedId === null) {
        expect(after.value, 'nothing to diagnose before the first save').toBe('idle');
        expect(started).toEqual([]);
      } else {
        expect(after.value).toBe('loading');
        expect(started.map((actor) => [actor.src, actor.input])).toEqual([
          ['loadDiagnostics', { feedId: 7 }],
        ]);
      }
      return;
    }
    if (event.type === 'diagnostics.reload' || event.type === 'diagnostics.retry') {
      if (event.type === 'diagnostics.retry' && !before.matches('failed')) {
        expect(after).toBe(before);
        return;
      }
      const feedId = event.type === 'diagnostics.reload' ? event.feedId : before.context.feedId;
      expect(after.value).toBe('loading');
      expect(after.context, 'the last diagnostics stay on show while reloading').toEqual({
        feedId,
        diagnostics: before.context.diagnostics,
        error: null,
        // A save's reload forgets a refused sync; a retry comes only after a failed load.
        syncError: event.type === 'diagnostics.reload' ? null : before.context.syncError,
      });
      expect(started.map((actor) => [actor.src, actor.input])).toEqual([['loadDiagnostics', { feedId }]]);
      return;
    }
    if (event.type === 'shopify.sync') {
      if (!before.matches('loaded') || !hasStore(before.context.diagnostics)) {
        expect(after, 'no sync without a configured store, nor two at once').toBe(before);
        return;
      }
      expect(after.value).toBe('syncing');
      expect(after.context, 'the diagnostics stay on show, an earlier refusal goes').toEqual({
        ...before.context,
        syncError: null,
      });
      expect(started.map((actor) => [actor.src, actor.input])).toEqual([
        ['syncStore', { feedId: before.context.feedId }],
      ]);
      return;
    }
    if (before.matches('syncing')) {
      if ('output' in event) {
        expect(after.value, 'the counts are loaded again after a sync').toBe('loading');
        expect(after.context.diagnostics, "the sync's answer on show at once").toEqual({
          ...before.context.diagnostics,
          shopify: event.output,
        });
        expect(started.map((actor) => [actor.src, actor.input])).toEqual([
          ['loadDiagnostics', { feedId: before.context.feedId }],
        ]);
      } else if ('error' in event) {
        expect(after.value).toBe('loaded');
        expect(after.context.diagnostics).toBe(before.context.diagnostics);
        expect(after.context.syncError, "the refusal's reason as the server words it").toBe(
          `${SYNC_FAILED}: ${(event.error as Error).message}`,
        );
      }
      return;
    }
    if ('output' in event) {
      expect(after.value).toBe('loaded');
      expect(after.context.diagnostics).toEqual(event.output);
    } else if ('error' in event) {
      expect(after.value).toBe('failed');
      const message = event.error instanceof Error ? event.error.message : '';
      expect(after.context.error, "the failure's message, else the panel's words").toBe(
        message === '' ? LOAD_FAILED : message,
      );
      expect(actions).toContainEqual({ type: 'reportFailure', params: { error: event.error } });
    }
  },
});
