import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { NOT_FOUND_REDIRECT_MS, notFoundMachine, type NotFoundEmitted } from './notFound.machine';

/** Starts the machine on a simulated clock and records everything it emits. */
function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notFoundMachine, { clock });
  const emitted: NotFoundEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, emitted };
}

describe('notFoundMachine', () => {
  it('starts counting without emitting anything', () => {
    const { actor, emitted } = start();
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().status).toBe('active');
    expect(emitted).toEqual([]);
  });

  it('waits the full 5000 ms before redirecting', () => {
    const { actor, clock, emitted } = start();
    expect(NOT_FOUND_REDIRECT_MS).toBe(5000);
    clock.increment(4999);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([{ type: 'ui.navigate', to: '/', replace: true }]);
  });

  it('redirects at once on notFound.goHome and emits only once', () => {
    const { actor, clock, emitted } = start();
    clock.increment(1200);
    actor.send({ type: 'notFound.goHome' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([{ type: 'ui.navigate', to: '/', replace: true }]);
    clock.increment(NOT_FOUND_REDIRECT_MS);
    actor.send({ type: 'notFound.goHome' });
    expect(emitted).toHaveLength(1);
  });
});
