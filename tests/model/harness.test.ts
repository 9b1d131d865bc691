import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import {
  MAX_PATHS_PER_TRANSITION,
  defineModel,
  generatePaths,
  listTransitions,
  runPath,
  transitionId,
} from './harness';

/** A door that opens for the right code, re-locks after 1000 ms, and checks codes with a server. */
const door = setup({
  types: { context: {} as { tries: number }, events: {} as { type: 'enter'; code: string } },
  actors: { verify: fromPromise<boolean, { code: string }>(async () => true) },
  actions: { countTry: assign(({ context }) => ({ tries: context.tries + 1 })) },
  guards: { granted: (_, params: { output: boolean }) => params.output },
  delays: { RELOCK: 1000 },
}).createMachine({
  id: 'door',
  initial: 'locked',
  context: { tries: 0 },
  states: {
    locked: { on: { enter: { target: 'verifying', actions: 'countTry' } } },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: [
          { guard: { type: 'granted', params: ({ event }) => ({ output: event.output }) }, target: 'open' },
          { target: 'locked' },
        ],
        onError: 'locked',
      },
    },
    open: { after: { RELOCK: 'locked' } },
  },
});

function covered(runs: Array<{ transitions: Set<string> }>): string[] {
  const reached = new Set(runs.flatMap((run) => [...run.transitions]));
  return listTransitions(door)
    .map(transitionId)
    .filter((id) => reached.has(id));
}

describe('path harness', () => {
  const model = defineModel({
    machine: door,
    events: { enter: [{ type: 'enter', code: '1234' }] },
    outcomes: { verify: { done: [true, false], error: [new Error('offline')] } },
    serialize: (snapshot) => snapshot.value,
    check: ({ before, after }) => {
      if (before?.matches('locked')) expect(after.context.tries).toBe(before.context.tries + 1);
    },
  });

  it('walks every edge, actor outcomes and delays included, on a real actor', async () => {
    const paths = generatePaths(model);
    expect(paths.map((path) => path.name)).toEqual([
      'enter {code: "1234"} → done(0.door.verifying: false)',
      'enter {code: "1234"} → done(0.door.verifying: true) → after(RELOCK.door.open)',
      'enter {code: "1234"} → error(0.door.verifying: Error: offline)',
    ]);
    const runs = await Promise.all(paths.map((path) => runPath(model, path)));
    expect(covered(runs)).toHaveLength(listTransitions(door).length);
  });

  it('misses the transitions whose fixtures are missing', async () => {
    const partial = defineModel({
      ...model,
      outcomes: { verify: { done: [true], error: [new Error('x')] } },
    });
    const runs = await Promise.all(generatePaths(partial).map((path) => runPath(partial, path)));
    expect(listTransitions(door).length - covered(runs).length).toBe(1);
  });

  it('fails a path when the model check fails, naming the step', async () => {
    const strict = defineModel({
      ...model,
      check: ({ after }) => expect(after.value).not.toBe('open'),
    });
    const opening = generatePaths(strict).find((path) => path.name.includes('true'));
    await expect(runPath(strict, opening!)).rejects.toThrow(
      /^door, step 2 \(done\(0\.door\.verifying: true\)\)/,
    );
  });

  it('refuses an actor outcome without fixtures', () => {
    const noErrors = defineModel({ ...model, outcomes: { verify: { done: [true] } } });
    expect(() => generatePaths(noErrors)).toThrow("door: no errors for actor 'verify'");
  });

  it('fails a model that walks more paths a transition than the limit, naming it and its serializer', () => {
    // Counting the tries (which no guard reads) walks every count up to 20 through the whole chart.
    const counting = defineModel({
      ...model,
      serialize: (snapshot) => ({ value: snapshot.value, tries: Math.min(snapshot.context.tries, 20) }),
    });
    const transitions = listTransitions(door).length;
    expect(() => generatePaths(counting)).toThrow(
      new RegExp(
        `^door: \\d+ paths for ${transitions} transitions, more than ${MAX_PATHS_PER_TRANSITION} a transition\\..*` +
          'serialize = .*tries: Math\\.min\\(snapshot\\.context\\.tries, 20\\)',
      ),
    );
  });

  it('walks a state several inputs reach once with shareStates, and every input from its start', () => {
    const twoDoors = { inputs: { first: undefined, second: undefined } };
    const apart = generatePaths(defineModel({ ...model, ...twoDoors }));
    const shared = generatePaths(defineModel({ ...model, ...twoDoors, shareStates: true }));
    expect(apart.map((path) => path.name)).toHaveLength(2 * generatePaths(model).length);
    expect(shared.map((path) => path.name)).toEqual([
      ...generatePaths(model).map((path) => `[first] ${path.name}`),
      // The second door starts where the first does: one path runs its start.
      '[second] enter {code: "1234"}',
    ]);
  });
});
