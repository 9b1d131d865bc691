/**
 * Model of feedDiagnosticsMachine (issue 12 "Diagnostics for the admin", the feed editor's Delivery
 * panel), walked from a feed not saved yet and from saved feed 7. The serializer keeps the state,
 * whether a feed is known and whether diagnostics are on show: what the panel renders.
 * `diagnostics.reload` is what the editor sends after a save (here saving feed 7, or creating 8).
 * Every step also checks the panel's view (`selectDiagnosticsView`).
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { feedDiagnosticsMachine, selectDiagnosticsView } from '@/machines/feedDiagnostics.machine';
import { defineModel } from '../harness';

/** The panel's own words when a failure brings no message of its own. */
const LOAD_FAILED = 'Failed to load the delivery diagnostics';

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
};

export default defineModel({
  machine: feedDiagnosticsMachine,
  inputs: { 'new feed': { feedId: null }, 'feed 7': { feedId: 7 } },
  events: {
    'diagnostics.reload': [
      { type: 'diagnostics.reload', feedId: 7 },
      { type: 'diagnostics.reload', feedId: 8 },
    ],
    'diagnostics.retry': [{ type: 'diagnostics.retry' }],
  },
  outcomes: {
    loadDiagnostics: {
      done: [DIAGNOSTICS],
      // A failure with a message, an Error without one, and a thrown value that is no Error.
      error: [new ApiError('Feed not found', { kind: 'http', status: 404 }), new Error(''), 'aborted'],
    },
  },
  stubActions: ['reportFailure'],
  serialize: ({ value, context }) => ({
    value,
    feed: context.feedId !== null,
    shown: context.diagnostics !== null,
  }),
  // A reload with another id reads the same as one with the same id once a feed is known.
  filterEvents: (snapshot, event) =>
    event.type !== 'diagnostics.reload' || snapshot.context.feedId === null || event.feedId === 7,
  check: ({ input, before, event, after, actions, started }) => {
    expect(selectDiagnosticsView(after), 'what the Delivery panel renders').toEqual({
      status: after.value,
      diagnostics: after.context.diagnostics,
      error: after.context.error,
    });
    if (before === null) {
      expect(after.context).toEqual({ feedId: input?.feedId ?? null, diagnostics: null, error: null });
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
      });
      expect(started.map((actor) => [actor.src, actor.input])).toEqual([['loadDiagnostics', { feedId }]]);
      return;
    }
    if ('output' in event) {
      expect(after.value).toBe('loaded');
      expect(after.context.diagnostics).toEqual(DIAGNOSTICS);
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
