/**
 * The shop's catalogue for the feed editor under /api/backoffice/shop (spec §7 /shop/categories,
 * /shop/products; §3 "Shop product"); Admin only, by the guard. The data is the shop service's
 * (server/shop/shop-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ShopCategories, ShopProducts } from '@/api/schemas/shop';
import type { AppServices } from '../app-services';
import { sendWithEtag } from '../http/etag';
import { defineRoute } from '../http/route';

/** Route plugin; register with prefix /api/backoffice/shop. */
export async function shopRoutes(app: FastifyInstance, { shop }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/categories',
      summary: "Customers (for the feed customer select), brands and the catalogue's currency",
      tags: ['shop'],
      responses: {
        200: { description: 'Customers and brands, each by name; the currency code', schema: ShopCategories },
      },
    },
    () => shop.categories(),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/products',
      summary:
        'Every catalogue product with its current variants, status and exclusion reasons; sends an ETag and answers 304 to a matching If-None-Match',
      tags: ['shop'],
      responses: {
        200: { description: 'Every product with a current variant, by id', schema: ShopProducts },
        304: { description: 'Not modified since the ETag in If-None-Match' },
      },
    },
    async ({ request, reply }) =>
      sendWithEtag(request, reply, JSON.stringify(await shop.products()), 'application/json; charset=utf-8'),
  );
}
