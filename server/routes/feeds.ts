/**
 * Feeds under /api/backoffice (spec §7 /feeds, /feeds/{feedId}, /feeds/create; §3 "Feed"); Admin
 * only, by the guard. The work is the feeds service's (server/feeds/feeds-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { FeedsExportQuery } from '@/api/schemas/feed-list';
import { FeedDetail, FeedIdParams, FeedList, FeedSaveRequest, FeedsQuery } from '@/api/schemas/feeds';
import type { AppServices } from '../app-services';
import { defineRoute } from '../http/route';
import { FEED_DELIVERY_PREFIX } from './feed-delivery';

/** Route plugin; register with prefix /api/backoffice. */
export async function feedRoutes(app: FastifyInstance, { feeds, config }: AppServices): Promise<void> {
  // Where the delivery API serves feeds. Without PUBLIC_URL the URLs are paths the browser puts on
  // its own origin, never the listening address (issue 30).
  const feedUrlBase = `${config.publicUrlSet ? config.publicUrl : ''}${FEED_DELIVERY_PREFIX}/feeds`;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/feeds',
      summary: 'Every feed, newest first; only the customer of `user_id` when given',
      tags: ['feeds'],
      query: FeedsQuery,
      responses: {
        200: { description: 'The feeds', schema: FeedList },
        400: { description: 'A `user_id` that is not a whole number greater than 0' },
      },
    },
    ({ query }) => feeds.list(feedUrlBase, query.user_id),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/feeds/export.csv',
      summary: 'The feeds list as CSV: the feeds whose name holds `query`, in the order of `sort`',
      tags: ['feeds'],
      query: FeedsExportQuery,
      responses: {
        200: {
          description: 'A CSV attachment named after the day, with a header row (issue 15)',
          contentType: 'text/csv',
        },
        400: { description: 'A sort the list does not have, or a query over 200 characters' },
      },
    },
    async ({ query, reply }) => {
      const file = await feeds.exportCsv(query);
      // It names customers: no cache keeps it.
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/feeds/:feedId',
      summary: 'One feed with its product ids',
      tags: ['feeds'],
      params: FeedIdParams,
      responses: {
        200: { description: 'The feed', schema: FeedDetail },
        404: { description: 'No feed has this id' },
      },
    },
    async ({ params }) => feeds.get(params.feedId),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/feeds/:feedId/diagnostics',
      summary:
        'What the feed delivers now: counts, exclusions by reason, warnings, validator errors, its URLs and the first items',
      tags: ['feeds'],
      params: FeedIdParams,
      responses: {
        200: { description: "The feed's diagnostics (issue 12)", schema: FeedDiagnostics },
        404: { description: 'No feed has this id' },
      },
    },
    async ({ params }) => feeds.diagnostics(params.feedId, feedUrlBase),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/feeds/create',
      summary: 'Creates a feed for a customer from catalogue product ids',
      tags: ['feeds'],
      body: FeedSaveRequest,
      responses: { 201: { description: 'The created feed', schema: FeedDetail } },
    },
    async ({ body, reply }) => {
      const feed = await feeds.create(body);
      reply.code(201);
      return feed;
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/feeds/:feedId',
      summary: "Replaces a feed's name, customer and products",
      tags: ['feeds'],
      params: FeedIdParams,
      body: FeedSaveRequest,
      responses: {
        200: { description: 'The saved feed', schema: FeedDetail },
        404: { description: 'No feed has this id' },
      },
    },
    async ({ params, body }) => feeds.update(params.feedId, body),
  );
}
