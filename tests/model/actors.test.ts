/**
 * The bodies of the machines' own actors, each run on its own against a recording `fetch`.
 *
 * The model tests (harness.ts) replace every invoked actor with a fake, so nothing else in
 * tests/model runs the actors the machines ship with: a wrong path, a dropped query parameter or a
 * list fetcher that maps `current_page` into `totalPages` would pass them all. Here every actor of
 * the table (actor-calls.ts) is taken from its machine (`machine.implementations.actors`), started
 * with `createActor(logic, { input })`, and checked for
 * 1. the request: method, path under the API base, query, JSON or multipart body, content type and
 *    the bearer token, against the table written from spec §7 (the oracle; see actor-calls.ts);
 * 2. the output (or the event a callback actor sends back), written out literally;
 * 3. a refusal: a 400 with the server's ErrorResponse ends the actor in `error` with an `ApiError`
 *    carrying the server's message (spec §8 "Generic").
 * A mutation run (MODEL_MACHINE_FILES, see models.ts) keeps the entries of the files it names.
 */
import { createActor, createMachine, toPromise } from 'xstate';
import type { AnyActorLogic, AnyEventObject, AnyStateMachine } from 'xstate';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { findMachines } from '../../scripts/stately/machines';
import { CALLS, LEFT_OUT, MACHINES, REFUSAL_MESSAGE, STORED_TOKENS } from './actor-calls';
import type { ActorCall, Answer, ExpectedRequest, RequestCall } from './actor-calls';
import { filesUnderTest } from './models';

/**
 * The page the app runs on here. The client's base is `${VITE_API_URL ?? '/api'}/backoffice`
 * (ARCHITECTURE.md §4 "API host"), relative by default, which a browser resolves against the page.
 */
const PAGE = 'http://app.test/';
/** Where every call must go: the default base on the page's origin. */
const API_BASE = 'http://app.test/api/backoffice';

/**
 * Node's `Request` has no page to resolve a relative URL against; this one resolves it against PAGE,
 * as a browser's does. ky builds its requests with `globalThis.Request` when it sends them.
 */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, PAGE) : input, init);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A Map-backed localStorage holding `items` (Node has none), and the map, to read it afterwards. */
function fakeStorage(items: Readonly<Record<string, string>>): {
  storage: Storage;
  map: Map<string, string>;
} {
  const map = new Map(Object.entries(items));
  const storage: Storage = {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
  return { storage, map };
}

/**
 * Stubs localStorage with `items`, `Request` with PageRequest and `fetch` with a recorder that
 * answers `answer`; returns the recorded requests and a reader of the storage.
 */
function stubBrowser(items: Readonly<Record<string, string>>, answer: Answer | undefined) {
  const { storage, map } = fakeStorage(items);
  const requests: Request[] = [];
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    // An entry without an answer expects no request; the count of `requests` says it was made.
    if (answer === undefined) return Response.json({ message: 'No request was expected' }, { status: 500 });
    if ('json' in answer) return Response.json(answer.json, { status: answer.status });
    return new Response(answer.text, { status: answer.status, headers: answer.headers });
  });
  return { requests, stored: () => Object.fromEntries(map) };
}

/** A request as spec §7 describes one; `seen` reads a recorded request, `expected` an entry's. */
interface RequestView {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | null;
  body: unknown;
  authorization: string | null;
}

async function seen(request: Request): Promise<RequestView> {
  const url = new URL(request.url);
  const where = `${url.origin}${url.pathname}`;
  const contentType = request.headers.get('Content-Type')?.split(';')[0] ?? null;
  let body: unknown = null;
  if (contentType === 'multipart/form-data') {
    const form = await request.formData();
    body = Object.fromEntries(
      await Promise.all(
        [...form].map(async ([key, value]) => [key, typeof value === 'string' ? value : await value.text()]),
      ),
    );
  } else {
    const text = await request.text();
    body = text === '' ? null : JSON.parse(text);
  }
  return {
    method: request.method,
    // A request outside the API base shows whole, so the mismatch names the base it went to.
    path: where.startsWith(API_BASE) ? where.slice(API_BASE.length) : where,
    query: Object.fromEntries(url.searchParams),
    contentType,
    body,
    authorization: request.headers.get('Authorization'),
  };
}

function expected(request: ExpectedRequest): RequestView {
  return {
    method: request.method,
    path: request.path,
    query: request.query ?? {},
    // Spec §7: "JSON content type except uploads".
    contentType:
      request.json !== undefined
        ? 'application/json'
        : request.file !== undefined
          ? 'multipart/form-data'
          : null,
    body: request.json ?? (request.file === undefined ? null : { file: request.file }),
    authorization: request.bearer === null ? null : `Bearer ${request.bearer}`,
  };
}

/** The actor `call` names, read from its machine. */
async function logicOf(call: ActorCall): Promise<AnyActorLogic> {
  const machine: AnyStateMachine = await MACHINES[call.machine].load();
  expect(machine.id, 'MACHINES is keyed by machine id').toBe(call.machine);
  const actor = machine.implementations.actors[call.actor];
  if (actor === undefined || !('transition' in actor))
    throw new Error(`${call.machine} has no actor logic named ${call.actor}`);
  return actor;
}

/** Runs a promise actor to its end; its last snapshot. */
async function settle(
  logic: AnyActorLogic,
  input: unknown,
): Promise<{ status: string; output: unknown; error: unknown }> {
  const actor = createActor(logic, { input });
  // Observing the end also keeps a failed actor's error from being reported as unhandled.
  const ended = toPromise(actor).catch(() => undefined);
  actor.start();
  await ended;
  const { status, output, error } = actor.getSnapshot() as {
    status: string;
    output: unknown;
    error: unknown;
  };
  return { status, output, error };
}

/** Runs a callback actor under a parent (`sendBack` goes to the parent); the first event it sends back. */
async function sentBack(logic: AnyActorLogic, input: unknown): Promise<AnyEventObject> {
  let resolve: (event: AnyEventObject) => void = () => undefined;
  const received = new Promise<AnyEventObject>((done) => {
    resolve = done;
  });
  const parent = createActor(
    createMachine({ invoke: { src: logic, input }, on: { '*': { actions: ({ event }) => resolve(event) } } }),
  );
  parent.start();
  const event = await received;
  parent.stop();
  return event;
}

/** What an actor ended with, comparable with the table: a downloaded file's blob read as text. */
async function comparable(output: unknown): Promise<unknown> {
  if (typeof output === 'object' && output !== null && 'blob' in output && output.blob instanceof Blob) {
    const { blob, ...rest } = output;
    return { ...rest, text: await blob.text() };
  }
  return output;
}

function label(call: ActorCall): string {
  const which = call.case === undefined ? '' : ` (${call.case})`;
  const what = call.request === null ? 'local storage only' : `${call.request.method} ${call.request.path}`;
  return `${call.machine}.${call.actor}${which} → ${what}`;
}

const underTest = CALLS.filter(
  (call) => filesUnderTest === null || filesUnderTest.includes(MACHINES[call.machine].file),
);

for (const call of underTest) {
  it(label(call), async () => {
    const logic = await logicOf(call);
    const browser = stubBrowser(
      call.storage ?? STORED_TOKENS,
      call.request === null ? undefined : call.answer,
    );
    const isCallback = call.request !== null && call.refusedEvent !== undefined;
    const ended = isCallback
      ? { status: 'done', output: await sentBack(logic, call.input), error: undefined }
      : await settle(logic, call.input);

    expect(ended.status, String(ended.error)).toBe('done');
    expect(await Promise.all(browser.requests.map(seen))).toEqual(
      call.request === null ? [] : [expected(call.request)],
    );
    expect(await comparable(ended.output)).toEqual(call.output);
    if (call.storageAfter) expect(browser.stored()).toEqual(call.storageAfter);
  });
}

for (const call of underTest.filter((entry): entry is RequestCall => entry.request !== null)) {
  it(`${label(call)}: a refusal ends it with the server's message`, async () => {
    const logic = await logicOf(call);
    const browser = stubBrowser(call.storage ?? STORED_TOKENS, {
      status: 400,
      json: { statusCode: 400, error: 'Bad Request', message: REFUSAL_MESSAGE },
    });
    let error: unknown;
    if (call.refusedEvent === undefined) {
      const ended = await settle(logic, call.input);
      expect(ended.status).toBe('error');
      error = ended.error;
    } else {
      const { error: sent, ...event } = await sentBack(logic, call.input);
      expect(event).toEqual(call.refusedEvent);
      error = sent;
    }

    expect(browser.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: REFUSAL_MESSAGE, status: 400 });
  });
}

// Loads every machine, which a mutation run does not need: it changes no machine's list of actors.
it.skipIf(filesUnderTest !== null)(
  'has an entry or a reason to leave out for every actor of every machine',
  async () => {
    const machines = await findMachines();
    const actors = machines.flatMap(({ machine }) =>
      Object.keys(machine.implementations.actors).map((actor) => `${machine.id}.${actor}`),
    );
    const inTable = new Set(CALLS.map((call) => `${call.machine}.${call.actor}`));
    expect(actors.filter((actor) => !inTable.has(actor) && !(actor in LEFT_OUT))).toEqual([]);
    expect([...inTable, ...Object.keys(LEFT_OUT)].filter((actor) => !actors.includes(actor))).toEqual([]);
    // MODEL_MACHINE_FILES names files: each table machine must sit in the file the table says.
    expect(
      Object.entries(MACHINES)
        .filter(
          ([id, { file }]) =>
            !machines.some((found) => found.name === id && found.source.endsWith(`/${file}`)),
        )
        .map(([id]) => id),
    ).toEqual([]);
  },
);
