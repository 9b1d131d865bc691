/**
 * One way to declare an API route: its contract (method, path, summary, valibot schemas of the
 * request parts and of each response) and its handler. The contract validates the request, filters
 * the response through its schema (so a column that is not in the contract never leaks), and is
 * what /api/openapi.json publishes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { describeIssues, parseRequest } from './validate';

/** One documented answer of a route. */
export interface ResponseSpec {
  description: string;
  /** The body's schema; absent for bodies that are not JSON (files) or empty. */
  schema?: v.GenericSchema;
  /** Defaults to application/json. */
  contentType?: string;
}

/** A route's contract. `url` is relative to the plugin prefix it is registered under. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags?: readonly string[];
  body?: v.GenericSchema;
  query?: v.GenericSchema;
  params?: v.GenericSchema;
  /**
   * Documents a bearer credential other than the access token: the refresh token (POST
   * /token-refresh) or a customer's API token (the feed delivery API).
   */
  security?: 'refreshToken' | 'apiToken';
  responses: Readonly<Record<number, ResponseSpec>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `defineRoute`; read by the app's route registry (OpenAPI, guard coverage). */
    contract?: RouteContract;
  }
}

type Output<TSchema> = TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : undefined;

/** What a handler receives: the validated request parts, plus Fastify's request and reply. */
export interface RouteInput<C extends RouteContract> {
  body: Output<C['body']>;
  query: Output<C['query']>;
  params: Output<C['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type SuccessBody<C extends RouteContract> = {
  [K in keyof C['responses']]: K extends 200 | 201
    ? C['responses'][K] extends { schema: infer S extends v.GenericSchema }
      ? v.InferInput<S>
      : never
    : never;
}[keyof C['responses']];

/**
 * Registers a route on `app` from its contract. The handler gets typed, validated input (a bad
 * part is a 400 naming the field) and returns the success body, or the reply when it sent
 * something itself (a file). A returned body that breaks the contract is a 500, logged.
 */
export function defineRoute<const C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<SuccessBody<C> | FastifyReply>,
): void {
  app.route({
    method: contract.method,
    url: contract.url,
    config: { contract },
    handler: async (request, reply) => {
      const input = {
        params: contract.params ? parseRequest(contract.params, request.params, 'params') : undefined,
        query: contract.query ? parseRequest(contract.query, request.query, 'query') : undefined,
        body: contract.body ? parseRequest(contract.body, request.body, 'body') : undefined,
        request,
        reply,
      } as RouteInput<C>;
      const result = await handler(input);
      // A reply is a thenable: an async handler returning it resolves to undefined once it is sent,
      // or once the client has left mid-answer (a streamed, compressed body), with nothing ended.
      if (result === reply || reply.sent || reply.raw.destroyed) return reply;
      const schema = contract.responses[reply.statusCode]?.schema;
      if (!schema) return result;
      const checked = v.safeParse(schema, result);
      if (!checked.success) {
        throw new Error(
          `Response of ${request.routeOptions.url} breaks its contract: ${describeIssues('response', checked.issues)}`,
        );
      }
      return checked.output;
    },
  });
}
