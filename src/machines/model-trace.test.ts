import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createModelTrace } from './model-trace';

const child = createMachine({ id: 'child', initial: 'waiting', states: { waiting: {} } });
const parent = createMachine({
  id: 'parent',
  initial: 'checking',
  invoke: { id: 'period', src: child },
  states: {
    checking: { always: [{ guard: () => false, target: 'done' }, { target: 'idle' }] },
    idle: { on: { go: { target: 'done' }, stay: {} } },
    done: {},
  },
});

describe('createModelTrace', () => {
  it("records each machine actor's transitions by transitionId, its state and its parent", () => {
    const target = {} as Window;
    const actor = createActor(parent, { inspect: createModelTrace(target) }).start();
    actor.send({ type: 'stay' });
    actor.send({ type: 'go' });
    const trace = target.__modelTrace ?? [];

    expect(trace.filter((entry) => entry.machine === 'parent' && entry.kind === 'microstep')).toEqual([
      expect.objectContaining({ transitions: ['parent.checking||1'], value: 'idle', parent: null }),
      expect.objectContaining({ transitions: ['parent.idle|stay|0'], value: 'idle' }),
      expect.objectContaining({
        transitions: ['parent.idle|go|0'],
        value: 'done',
        states: ['parent', 'parent.done'],
      }),
    ]);
    expect(trace.find((entry) => entry.machine === 'child')).toEqual(
      expect.objectContaining({ kind: 'snapshot', parent: 'parent', value: 'waiting' }),
    );
  });
});
