/**
 * Requests generated from the app's OpenAPI document (/api/openapi.json) for the API fuzz test
 * (issue 13 point 5). Each request is valid except for one part chosen at random: a path or query
 * parameter, a body field (malformed, missing, or an unknown key), the whole body (bad JSON,
 * wrong Content-Type, multipart), or the credentials. A few are left wholly valid so the routes'
 * happy paths run against the same state.
 */
import fc from 'fast-check';
import { multipartBodies } from './multipart';
import {
  CONTROL_CHARACTERS,
  malformedJson,
  malformedText,
  NASTY_TEXTS,
  PG_INT_MAX,
  RAW_JSON_BODIES,
  WRONG_CONTENT_TYPES,
} from './values';

/** The part of JSON Schema the generators read. */
export interface JsonSchema {
  type?: string;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  examples?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** How an operation is authenticated, from its `security` in the document. */
export type Security = 'accessToken' | 'refreshToken' | 'apiToken' | 'none';

/** One operation of the document, as the generators need it. */
export interface Operation {
  operationId: string;
  method: string;
  /** The path template, e.g. /api/backoffice/users/{userId}. */
  path: string;
  security: Security;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
}

/** A request ready for `app.inject`, and what in it is malformed. */
export interface FuzzRequest {
  operationId: string;
  mutation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What the generators need to know about the app under test. */
export interface FuzzContext {
  /** The access token a valid request of `operation` carries (an admin's, a customer's...). */
  accessToken(operation: Operation): fc.Arbitrary<string>;
  refreshToken: string;
  apiToken: string;
  /** Tokens in play (access, refresh, API) to send to `operation` where they do not belong. */
  wrongTokens(operation: Operation): readonly string[];
  /** Existing ids by path parameter name (userId, feedId, tokenId). */
  ids: Readonly<Record<string, readonly string[]>>;
  /** Ids a valid request must not name, by parameter: the fuzz's own users and token. */
  avoid: Readonly<Record<string, readonly string[]>>;
  /**
   * Valid values of body fields by name, for rules JSON Schema cannot state (a password's rules,
   * a customer's id, a shop domain).
   */
  bodyFields: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

type OpenApiOperation = {
  operationId: string;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of an OpenAPI 3.1 document. */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
      const security: Security = schemes.includes('accessToken')
        ? 'accessToken'
        : schemes.includes('refreshToken')
          ? 'refreshToken'
          : schemes.includes('apiToken')
            ? 'apiToken'
            : 'none';
      const parameters = operation.parameters ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        security,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Percent-encodes every byte of the UTF-8 form of `text` but the unreserved characters. */
function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** URL pieces sent as they are: broken percent-encoding, an encoded NUL, an overlong NUL. */
const RAW_URL_PIECES = ['%', '%2', '%zz', '%00', '%C0%80', '%E0%A4%A', '%FF%FE', '%2F', '..', '%2e%2e'];

/** A value of a path or query parameter, already encoded for the URL. */
type UrlValue = { encoded: string };

const encodedText = (text: fc.Arbitrary<string>): fc.Arbitrary<UrlValue> =>
  text.map((value) => ({ encoded: percentEncode(value) }));

const malformedUrlValue: fc.Arbitrary<UrlValue> = fc.oneof(
  { weight: 5, arbitrary: encodedText(malformedText) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES).map((encoded) => ({ encoded })) },
);

/** A day `YYYY-MM-DD` between 2000 and 2100. */
const saneDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** A text the schema accepts (as far as JSON Schema can tell). */
function validText(schema: JsonSchema): fc.Arbitrary<string> {
  const known: fc.Arbitrary<string>[] = [];
  for (const example of schema.examples ?? [])
    if (typeof example === 'string') known.push(fc.constant(example));
  if (typeof schema.default === 'string') known.push(fc.constant(schema.default));
  if (schema.pattern) known.push(fc.stringMatching(new RegExp(schema.pattern)));
  else if (schema.format === 'date') known.push(saneDay);
  else if (schema.format === 'email') known.push(fc.nat(1_000_000).map((n) => `fuzz${n}@example.com`));
  if (known.length > 0) return fc.oneof(...known);
  const minLength = Math.max(1, schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
  return fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABC123'), minLength, maxLength });
}

type KnownFields = FuzzContext['bodyFields'];

/** A JSON value the schema accepts (as far as JSON Schema can tell). */
function validJson(schema: JsonSchema, known: KnownFields): fc.Arbitrary<unknown> {
  if (schema.examples && schema.examples.length > 0) return fc.constantFrom(...schema.examples);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => validJson(branch, known)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1) });
    case 'array':
      return fc.array(schema.items ? validJson(schema.items, known) : fc.constant(null), { maxLength: 3 });
    case 'object':
      return validObject(schema, known);
    default:
      return validText(schema);
  }
}

const ABSENT = Symbol('absent');

function validObject(schema: JsonSchema, known: KnownFields): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const valid = known[name] ?? validJson(property, known);
    return (required.has(name) ? valid : fc.oneof(valid, fc.constant<unknown>(ABSENT))).map(
      (value) => [name, value] as const,
    );
  });
  return fc
    .tuple(...fields)
    .map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== ABSENT)));
}

function validPathValue(parameter: Parameter, context: FuzzContext): fc.Arbitrary<UrlValue> {
  const existing = context.ids[parameter.name] ?? [];
  const avoid = new Set(context.avoid[parameter.name] ?? []);
  const fallback = existing[0] ?? '1';
  const arbitrary =
    existing.length > 0
      ? fc.oneof(fc.constantFrom(...existing), validText(parameter.schema))
      : validText(parameter.schema);
  return arbitrary.map((value) => ({ encoded: percentEncode(avoid.has(value) ? fallback : value) }));
}

/** Authorization headers that are missing, malformed, forged, or a token of the wrong kind. */
function malformedAuthorization(
  operation: Operation,
  context: FuzzContext,
): fc.Arbitrary<string | undefined> {
  const wrongTokens = context.wrongTokens(operation);
  const forged = (payload: object) =>
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  return fc.oneof(
    fc.constantFrom<string | undefined>(
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer  ',
      'bearer x',
      'Bearer a.b.c',
      'Bearer pf_live_',
      `Bearer pf_live_${'0'.repeat(64)}`,
      `Bearer ${'a'.repeat(8192)}`,
      forged({ sub: '1', role: 1, exp: 4_102_444_800 }),
      'Basic',
      'Basic !!!',
      `Basic ${Buffer.from(':').toString('base64')}`,
      `Basic ${Buffer.from('user:\u0000').toString('base64')}`,
      `Basic ${Buffer.from('\u0000:pf_live_\u0000').toString('base64')}`,
      `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc0, 0x80]).toString('base64')}`,
      'Digest username="x"',
      'Negotiate xyz',
    ),
    fc.constantFrom(...wrongTokens).map((token) => `Bearer ${token}`),
    fc.constantFrom(...wrongTokens).map((token) => `Basic ${Buffer.from(`x:${token}`).toString('base64')}`),
    fc
      .string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
        maxLength: 60,
      })
      .map((text) => `Bearer ${text}`),
  );
}

function validAuthorization(operation: Operation, context: FuzzContext): fc.Arbitrary<string | undefined> {
  switch (operation.security) {
    case 'accessToken':
      return context.accessToken(operation).map((token) => `Bearer ${token}`);
    case 'refreshToken':
      return fc.constant(`Bearer ${context.refreshToken}`);
    case 'apiToken':
      return fc.constantFrom(
        `Bearer ${context.apiToken}`,
        `Basic ${Buffer.from(`merchant:${context.apiToken}`).toString('base64')}`,
      );
    default:
      return fc.constant(undefined);
  }
}

/** What a generated request sends as its body. */
type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; payload: string | Buffer };

/** `text` with a control character put in at a random place. */
const withControlCharacter = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(text, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat()).map(([value, control, at]) => {
    const index = value.length === 0 ? 0 : at % (value.length + 1);
    return `${value.slice(0, index)}${control}${value.slice(index)}`;
  });

/**
 * Numbers just past what `schema` (an integer or number) allows, and past PostgreSQL's `integer`
 * whatever the schema says.
 */
function boundaryNumbers(schema: JsonSchema): fc.Arbitrary<number> {
  const values = [PG_INT_MAX, PG_INT_MAX + 1, -PG_INT_MAX - 2, 2 ** 53, 0, -1, 0.5];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum + 0.5);
  return fc.constantFrom(...values);
}

/**
 * A malformed value of a body field: a malformed JSON value, none at all, a number past the
 * field's range (for numbers and lists of them), or, for a text field, a valid text (`known`, when
 * the context gives the field's valid values as texts) spoilt by a control character.
 */
function malformedField(
  property: JsonSchema,
  known: fc.Arbitrary<unknown> | undefined,
): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [malformedJson, malformedJson, fc.constant<unknown>(ABSENT)];
  const text =
    property.type === 'string' ? property : property.anyOf?.find((branch) => branch.type === 'string');
  if (text) {
    const valid = known && property.type === 'string' ? (known as fc.Arbitrary<string>) : validText(text);
    choices.push(withControlCharacter(valid), withControlCharacter(valid));
  }
  if (property.type === 'integer' || property.type === 'number') {
    choices.push(boundaryNumbers(property), boundaryNumbers(property));
  }
  const items = property.items;
  if (property.type === 'array' && (items?.type === 'integer' || items?.type === 'number')) {
    choices.push(
      fc
        .tuple(fc.array(validJson(items, {}), { maxLength: 2 }), boundaryNumbers(items))
        .map(([valid, wrong]) => [...valid, wrong]),
    );
  }
  return fc.oneof(...choices);
}

const entry = (mutation: string, body: Body): [string, Body] => [mutation, body];

/** Whole bodies that are wrong: bad JSON, a wrong Content-Type, multipart, a wrong type, an extra key. */
function malformedBody(operation: Operation, known: KnownFields): fc.Arbitrary<[string, Body]> {
  const valid = operation.body ? validObject(operation.body, known) : fc.constant({});
  const extraKeys = fc.constantFrom('extra', 'id', 'password_hash', '__proto__', 'user_type_id ');
  return fc.oneof(
    fc
      .constantFrom(...RAW_JSON_BODIES)
      .map((payload) => entry('body:bad-json', { kind: 'raw', contentType: 'application/json', payload })),
    fc
      .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), valid)
      .map(([contentType, value]) =>
        entry('body:content-type', { kind: 'raw', contentType, payload: JSON.stringify(value) }),
      ),
    multipartBodies.map((body) => entry('body:multipart', { kind: 'raw', ...body })),
    malformedJson.map((value) => entry('body:wrong-type', { kind: 'json', value })),
    fc
      .tuple(valid, extraKeys, malformedJson)
      .map(([object, key, value]) =>
        entry('body:extra-key', { kind: 'json', value: { ...object, [key]: value } }),
      ),
  );
}

/** A valid body but for the field `name`: malformed, or missing. */
function bodyWithMalformedField(
  operation: Operation,
  known: KnownFields,
  name: string,
): fc.Arbitrary<[string, Body]> {
  const schema = operation.body ?? {};
  const property = schema.properties?.[name] ?? {};
  return fc
    .tuple(validObject(schema, known), malformedField(property, known[name]))
    .map(([object, value]) => {
      const copy: Record<string, unknown> = { ...object };
      if (value === ABSENT) delete copy[name];
      else copy[name] = value;
      return [`body:${name}`, { kind: 'json', value: copy }];
    });
}

/**
 * Requests for `operation`: valid but for one malformed part, each part as likely as another (the
 * credentials, the whole body, each body field, each parameter), or wholly valid.
 */
export function requestsFor(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  type Target = 'none' | 'auth' | 'body' | `field:${string}` | `path:${string}` | `query:${string}`;
  const targets: Target[] = [
    'none',
    'auth',
    'body',
    ...Object.keys(operation.body?.properties ?? {}).map((name) => `field:${name}` as const),
    ...operation.pathParams.map((parameter) => `path:${parameter.name}` as const),
    ...operation.queryParams.map((parameter) => `query:${parameter.name}` as const),
  ];
  return fc.constantFrom(...targets).chain((target) => {
    const pathValues = fc.tuple(
      ...operation.pathParams.map((parameter) =>
        target === `path:${parameter.name}` ? malformedUrlValue : validPathValue(parameter, context),
      ),
    );
    const queryValues = fc.tuple(
      ...operation.queryParams.map((parameter): fc.Arbitrary<UrlValue[]> => {
        if (target === `query:${parameter.name}`) {
          return fc.oneof(
            malformedUrlValue.map((value) => [value]),
            encodedText(withControlCharacter(validText(parameter.schema))).map((value) => [value]),
            encodedText(
              parameter.schema.format === 'date' ? fc.constantFrom(...NASTY_TEXTS.date) : malformedText,
            ).map((value) => [value]),
            fc.constant<UrlValue[]>([]),
            fc
              .tuple(encodedText(validText(parameter.schema)), malformedUrlValue)
              .map((values) => [...values]),
          );
        }
        const valid = encodedText(validText(parameter.schema)).map((value) => [value]);
        return parameter.required ? valid : fc.oneof(valid, fc.constant<UrlValue[]>([]));
      }),
    );
    const authorization =
      target === 'auth' ? malformedAuthorization(operation, context) : validAuthorization(operation, context);
    const body: fc.Arbitrary<[string, Body | undefined]> =
      target === 'body'
        ? malformedBody(operation, context.bodyFields)
        : target.startsWith('field:')
          ? bodyWithMalformedField(operation, context.bodyFields, target.slice('field:'.length))
          : operation.body
            ? validObject(operation.body, context.bodyFields).map((value) => [
                'none',
                { kind: 'json', value },
              ])
            : fc.constant(['none', undefined]);
    return fc
      .tuple(pathValues, queryValues, authorization, body)
      .map(([paths, queries, auth, [bodyMutation, sent]]) => {
        let path = operation.path;
        operation.pathParams.forEach((parameter, index) => {
          path = path.replace(`{${parameter.name}}`, paths[index]?.encoded ?? '');
        });
        const query = operation.queryParams
          .flatMap((parameter, index) =>
            (queries[index] ?? []).map((value) => `${percentEncode(parameter.name)}=${value.encoded}`),
          )
          .join('&');
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        let payload: string | Buffer | undefined;
        if (sent?.kind === 'json') {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(sent.value) ?? '';
        } else if (sent?.kind === 'raw') {
          headers['content-type'] = sent.contentType;
          payload = sent.payload;
        }
        return {
          operationId: operation.operationId,
          mutation: bodyMutation === 'none' ? target : bodyMutation,
          method: operation.method,
          url: query ? `${path}?${query}` : path,
          headers,
          ...(payload === undefined ? {} : { payload }),
        };
      });
  });
}
