import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { defineModel, generatePaths, listTransitions, runPath, transitionId } from './harness';

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
});
