/**
 * A stand-in for Shopify's GraphQL Admin API, for tests only (issue 29: Shopify cannot be reached from
 * the test machines). A Fastify app on the loopback answering POST /admin/api/{version}/graphql.json
 * for each store it holds (by the request's Host), with payloads shaped like Shopify's documented
 * examples: data plus `extensions.cost` (shopify.dev/docs/api/usage/limits), errors as Shopify words
 * them (docs/api/usage/response-codes). Every query is parsed and validated with graphql-js against
 * admin-api.graphql; an invalid one is answered with errors as Shopify does and recorded in `invalid`,
 * which the tests require to stay empty. Scripted answers (`store.next`) play 401, 403, 402/423, 404,
 * 429, 5xx, a redirect or HTML once each; `store.hold()` keeps answers back until released.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import { buildSchema, execute, Kind, parse, validate } from 'graphql';
import type { DocumentNode, FieldNode, GraphQLError, SelectionSetNode } from 'graphql';

const SCHEMA = buildSchema(readFileSync(new URL('./admin-api.graphql', import.meta.url), 'utf8'));

export interface StandinVariant {
  id: string;
  selectedOptions: { name: string; value: string }[];
}

export interface StandinProduct {
  id: string;
  handle: string;
  /** Null: not published on the Online Store. */
  onlineStoreUrl: string | null;
  variants: StandinVariant[];
}

/** One scripted answer, played instead of the next query's. */
export type ScriptedAnswer = { status: number; body?: string; headers?: Record<string, string> };

export interface StandinStore {
  token: string;
  shopName: string;
  scopes: string[];
  products: StandinProduct[];
  bucket: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  next: ScriptedAnswer[];
  /** Keeps this store's answers back until the returned function is called. */
  hold(): () => void;
}

/** A request the stand-in received. */
export interface ReceivedCall {
  host: string;
  version: string;
  token: string | undefined;
  query: string;
  variables: Record<string, unknown>;
}

/** Shopify's answer to a request without a valid token (docs/api/usage/response-codes). */
export const INVALID_TOKEN_BODY = JSON.stringify({
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
});

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString('base64');
const indexOf = (cursor: unknown) =>
  typeof cursor === 'string' ? Number(Buffer.from(cursor, 'base64').toString().slice(7)) + 1 : 0;

/** One page of `items` as a Shopify connection (nodes, edges, pageInfo). */
function connection<T>(items: readonly T[], args: { first?: number; after?: string }) {
  const start = indexOf(args.after);
  const page = items.slice(start, start + (args.first ?? 0));
  const end = start + page.length - 1;
  return {
    nodes: page,
    edges: page.map((node, offset) => ({ node, cursor: cursorOf(start + offset) })),
    pageInfo: {
      hasNextPage: start + page.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursorOf(start) : null,
      endCursor: page.length ? cursorOf(end) : null,
    },
  };
}

/** The handles of a search query of `handle:x` terms joined by OR (bare or double-quoted). */
function searchedHandles(query: unknown): Set<string> {
  const terms = String(query ?? '').matchAll(/handle:(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))/g);
  return new Set([...terms].map((term) => (term[1] ?? term[2] ?? '').replace(/\\(.)/g, '$1').toLowerCase()));
}

/** The `first` argument of `field` (a literal or a variable), or null when it has none. */
function firstOf(field: FieldNode, variables: Record<string, unknown>): number | null {
  const first = field.arguments?.find((arg) => arg.name.value === 'first')?.value;
  if (first?.kind === Kind.INT) return Number(first.value);
  if (first?.kind === Kind.VARIABLE) return Number(variables[first.name.value] ?? 0);
  return null;
}

/**
 * The requested cost of a selection as Shopify calculates it (docs/api/usage/limits, "Cost
 * calculation"): a scalar 0, an object 1 plus its fields, a connection 2 plus `first` times one of
 * its objects (1 plus the fields selected under `nodes`) plus its pageInfo.
 */
function costOf(selection: SelectionSetNode | undefined, variables: Record<string, unknown>): number {
  let cost = 0;
  for (const field of selection?.selections ?? []) {
    if (field.kind !== Kind.FIELD || !field.selectionSet) continue;
    const first = firstOf(field, variables);
    if (first === null) {
      cost += 1 + costOf(field.selectionSet, variables);
      continue;
    }
    let node = 1;
    let rest = 0;
    for (const child of field.selectionSet.selections) {
      if (child.kind !== Kind.FIELD) continue;
      if (child.name.value === 'nodes') node += costOf(child.selectionSet, variables);
      else rest += costOf({ kind: Kind.SELECTION_SET, selections: [child] }, variables);
    }
    cost += 2 + first * node + rest;
  }
  return cost;
}

function rootFor(store: StandinStore) {
  const product = (node: StandinProduct) => ({
    ...node,
    title: node.handle,
    variants: (args: { first?: number; after?: string }) =>
      connection(
        node.variants.map((variant) => ({
          ...variant,
          title: variant.selectedOptions.map((o) => o.value).join(' / '),
        })),
        args,
      ),
  });
  return {
    shop: { id: 'gid://shopify/Shop/1', name: store.shopName, myshopifyDomain: 'standin.myshopify.com' },
    currentAppInstallation: {
      id: 'gid://shopify/AppInstallation/1',
      accessScopes: store.scopes.map((handle) => ({ handle, description: handle })),
    },
    products: (args: { first?: number; after?: string; query?: string }) => {
      const handles = searchedHandles(args.query);
      return connection(store.products.filter((node) => handles.has(node.handle)).map(product), args);
    },
    product: ({ id }: { id: string }) => {
      const found = store.products.find((node) => node.id === id);
      return found ? product(found) : null;
    },
  };
}

export interface Standin {
  /** The stand-in's address, http://127.0.0.1:{port}. */
  url: string;
  /** Adds (or replaces) the store answering for `host`, with `store`'s fields over the defaults. */
  addStore(host: string, store?: Partial<Omit<StandinStore, 'hold'>>): StandinStore;
  /** Every call received, in order. */
  received: ReceivedCall[];
  /** Every query that failed validation against admin-api.graphql, with why. */
  invalid: string[];
  /** How many queries were refused as THROTTLED (the bucket could not afford them). */
  throttled: { count: number };
  /** Lets `ms` pass for every store's bucket (the tests' sleep calls it instead of waiting). */
  elapse(ms: number): void;
  /**
   * A fetch that sends `https://{host}/...` to the stand-in with the Host kept (Node's fetch rewrites
   * Host, so this one speaks node:http), returning what the stand-in answered, redirects included.
   */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** Starts a stand-in on 127.0.0.1 with no store. */
export async function startStandin(): Promise<Standin> {
  const stores = new Map<string, StandinStore>();
  const received: ReceivedCall[] = [];
  const invalid: string[] = [];
  const throttled = { count: 0 };
  const app = Fastify();

  app.post<{ Params: { version: string }; Body: { query?: unknown; variables?: Record<string, unknown> } }>(
    '/admin/api/:version/graphql.json',
    async (request, reply) => {
      const host = request.headers.host ?? '';
      const token = request.headers['x-shopify-access-token'] as string | undefined;
      const query = typeof request.body?.query === 'string' ? request.body.query : '';
      const variables = request.body?.variables ?? {};
      received.push({ host, version: request.params.version, token, query, variables });
      const store = stores.get(host);
      if (!store)
        return reply
          .code(404)
          .type('application/json')
          .send(JSON.stringify({ errors: 'Not Found' }));
      await (store as StandinStore & { gate: Promise<void> }).gate;
      const scripted = store.next.shift();
      if (scripted) {
        return reply
          .code(scripted.status)
          .headers({ 'content-type': 'application/json', ...scripted.headers })
          .send(scripted.body ?? '');
      }
      if (token !== store.token) return reply.code(401).type('application/json').send(INVALID_TOKEN_BODY);
      let document: DocumentNode;
      try {
        document = parse(query);
      } catch (error) {
        invalid.push(`${(error as Error).message}\n${query}`);
        return { errors: [{ message: (error as Error).message }] };
      }
      const problems = validate(SCHEMA, document);
      if (problems.length > 0) {
        invalid.push(`${problems.map((problem) => problem.message).join('; ')}\n${query}`);
        return {
          errors: problems.map((problem: GraphQLError) => ({
            message: problem.message,
            locations: problem.locations,
          })),
        };
      }
      const operation = document.definitions.find(
        (definition) => definition.kind === Kind.OPERATION_DEFINITION,
      );
      const requested = costOf(
        operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet : undefined,
        variables,
      );
      if (requested > store.bucket.currentlyAvailable) {
        throttled.count++;
        return {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: {
            cost: {
              requestedQueryCost: requested,
              actualQueryCost: null,
              throttleStatus: { ...store.bucket },
            },
          },
        };
      }
      store.bucket.currentlyAvailable -= requested;
      const result = await execute({
        schema: SCHEMA,
        document,
        rootValue: rootFor(store),
        variableValues: variables,
      });
      return {
        ...result,
        extensions: {
          cost: {
            requestedQueryCost: requested,
            actualQueryCost: requested,
            throttleStatus: { ...store.bucket },
          },
        },
      };
    },
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = new URL(address);

  const standinFetch = ((input: string | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(String(input));
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: target.pathname + target.search,
          method: init?.method ?? 'GET',
          headers: { ...headers, host: target.host },
          signal: init?.signal ?? undefined,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              if (typeof value === 'string') responseHeaders.set(name, value);
            resolve(
              new Response(Buffer.concat(chunks), {
                status: response.statusCode ?? 500,
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      request.on('error', reject);
      request.end(typeof init?.body === 'string' ? init.body : undefined);
    })) as typeof fetch;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    invalid,
    throttled,
    addStore(host, fields = {}) {
      const store: StandinStore & { gate: Promise<void> } = {
        token: 'shpat_standin',
        shopName: 'Stand-in Shop',
        scopes: ['read_products'],
        products: [],
        bucket: { maximumAvailable: 2000, currentlyAvailable: 2000, restoreRate: 100 },
        next: [],
        ...fields,
        gate: Promise.resolve(),
        hold() {
          let release = () => {};
          store.gate = new Promise((resolve) => (release = resolve));
          return () => release();
        },
      };
      stores.set(host, store);
      return store;
    },
    elapse(ms) {
      for (const { bucket } of stores.values()) {
        bucket.currentlyAvailable = Math.min(
          bucket.maximumAvailable,
          bucket.currentlyAvailable + (bucket.restoreRate * ms) / 1000,
        );
      }
    },
    fetch: standinFetch,
    close: () => app.close(),
  };
}
