/**
 * The customers' Shopify stores under /api/backoffice (issue 29): checking a customer's connection
 * and syncing a feed's customer's variant mapping. Admin only, by the guard. The work is the Shopify
 * service's (server/shopify/shopify-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ErrorResponse, IdParam } from '@/api/schemas/common';
import { FeedIdParams } from '@/api/schemas/feeds';
import { FeedShopifyStatus, ShopifyConnection } from '@/api/schemas/shopify';
import type { AppServices } from '../app-services';
import { defineRoute } from '../http/route';

const UserIdParams = v.object({ userId: IdParam });

const errors = {
  400: { description: 'The id is not a whole number', schema: ErrorResponse },
  401: { description: 'No valid access token', schema: ErrorResponse },
  403: { description: 'Not an Admin', schema: ErrorResponse },
} as const;

/** Route plugin; register with prefix /api/backoffice. */
export async function shopifyRoutes(app: FastifyInstance, { shopify }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/users/:userId/shopify/check',
      summary:
        "Checks the customer's Shopify connection now (shop name, the key's scopes) and keeps the result; " +
        'without a domain and key nothing is sent and the answer is not_configured',
      tags: ['users'],
      params: UserIdParams,
      responses: {
        200: { description: 'The connection as now checked', schema: ShopifyConnection },
        ...errors,
        404: { description: 'No such user', schema: ErrorResponse },
      },
    },
    ({ params }) => shopify.check(params.userId),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/feeds/:feedId/shopify/sync',
      summary:
        "Syncs the variant mapping of the feed's customer's store (every product of their feeds) and " +
        'answers what it means for this feed; a failed sync is its last_sync_failure',
      tags: ['feeds'],
      params: FeedIdParams,
      responses: {
        200: {
          description: "The feed's view of its customer's store after the sync",
          schema: FeedShopifyStatus,
        },
        ...errors,
        404: { description: 'No such feed', schema: ErrorResponse },
        409: {
          description:
            'The feed has no customer, or the customer no domain or key; or a sync of the store is running',
          schema: ErrorResponse,
        },
      },
    },
    ({ params }) => shopify.syncFeed(params.feedId),
  );
}
