/**
 * The route registry and the OpenAPI 3.1 document built from it (ARCHITECTURE.md §3: the server
 * publishes the shared valibot contract at /api/openapi.json). Routes land here by being declared
 * with `defineRoute`; the app's onRoute hook records each with its full path and access level.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ErrorResponse } from '@/api/schemas/common';
import type { Access } from '../auth/guard';
import type { RouteContract } from './route';

/** A registered route: its full Fastify path (with `:params`) and who may call it. */
export interface RegisteredRoute {
  method: RouteContract['method'];
  path: string;
  access: Access;
  contract: RouteContract;
}

type JsonObject = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/** The security schemes that satisfy each contract's `security`, any one of them. */
const SECURITY_ALTERNATIVES: Record<NonNullable<RouteContract['security']>, readonly string[]> = {
  refreshToken: ['refreshToken'],
  // The feed delivery API takes its token as a bearer header or as the HTTP Basic password.
  apiToken: ['apiToken', 'apiTokenBasic'],
};

function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  // Transforms (e.g. IdParam's string → number) have no JSON Schema form; the input side is documented.
  const { $schema: _draft, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
  });
  return rest;
}

function parameters(schema: v.GenericSchema | undefined, where: 'path' | 'query'): JsonObject[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function errorResponse(description: string): JsonObject {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

function operation(route: RegisteredRoute): JsonObject {
  const { contract, access } = route;
  const responses: JsonObject = {};
  for (const [status, spec] of Object.entries(contract.responses)) {
    const content = spec.schema ? { schema: jsonSchema(spec.schema, 'output') } : {};
    responses[status] = {
      description: spec.description,
      content: { [spec.contentType ?? 'application/json']: content },
    };
  }
  const hasInput = Boolean(contract.body ?? contract.query ?? contract.params);
  if (hasInput) responses['400'] ??= errorResponse('The request is malformed; the message names the field');
  if (access !== 'public' || contract.security) {
    responses['401'] ??= errorResponse('Missing, invalid or expired token');
  }
  if (access === 'admin') responses['403'] ??= errorResponse('The signed-in user is not an Admin');

  const security =
    access !== 'public'
      ? [{ accessToken: [] }]
      : contract.security
        ? SECURITY_ALTERNATIVES[contract.security].map((scheme) => ({ [scheme]: [] }))
        : [];
  const op: JsonObject = {
    summary: contract.summary,
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    security,
    parameters: [...parameters(contract.params, 'path'), ...parameters(contract.query, 'query')],
    responses,
  };
  if (contract.tags) op.tags = contract.tags;
  if (contract.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
    };
  }
  return op;
}

/** Collects the app's routes; `list()` for tests, `document()` for /api/openapi.json. */
export class RouteRegistry {
  private readonly routes: RegisteredRoute[] = [];

  /** Records a route; called by the app's onRoute hook. */
  add(route: RegisteredRoute): void {
    this.routes.push(route);
  }

  /** Every registered route, in registration order. */
  list(): readonly RegisteredRoute[] {
    return this.routes;
  }

  /** The OpenAPI 3.1 document of every registered route; `version` is the package version. */
  document(version: string): JsonObject {
    const paths: Record<string, JsonObject> = {};
    for (const route of this.routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Product Feed API',
        version,
        description:
          "Back-office API of the Product Feed service, and the feed delivery API that customers' stores pull (/api/feed/v1). Errors are {statusCode, error, message}.",
      },
      paths,
      components: {
        schemas: { ErrorResponse: jsonSchema(ErrorResponse, 'output') },
        securitySchemes: {
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: '60-minute access token',
          },
          refreshToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Opaque refresh token, accepted only by POST /api/backoffice/token-refresh',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A customer's API token (pf_live_...), accepted only by the feed delivery API under /api/feed/v1; each pull counts one request against its quota",
          },
          apiTokenBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              "The same API token as the HTTP Basic password, any user name (Google Merchant Center's scheduled fetch); feed delivery API only",
          },
        },
      },
    };
  }
}
