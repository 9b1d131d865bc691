/**
 * `withInspection` (issue 7): without `?inspect` actors get no inspector; with it, every actor's
 * events reach the Stately browser inspector (mocked here), including those sent while it loaded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { InspectionEvent } from 'xstate';
import { CONDITION } from '@test-support/time-limits';
import { notFoundMachine } from './notFound.machine';

/** What the (mocked) Stately inspector received. */
const received = vi.hoisted(() => [] as InspectionEvent[]);
const createBrowserInspector = vi.hoisted(() =>
  vi.fn(() => ({ inspect: { next: (event: InspectionEvent) => received.push(event) } })),
);
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector }));

/** The inspector module, fresh, after an app start whose URL had `search`. */
async function inspectorFor(search: string) {
  vi.resetModules();
  const inspector = await import('./inspector');
  inspector.startInspectorIfAsked(search);
  return inspector;
}

afterEach(() => {
  createBrowserInspector.mockClear();
  received.length = 0;
});

describe('withInspection (issue 7, ?inspect)', () => {
  it('adds no inspect option and loads no inspector when the URL lacks ?inspect', async () => {
    const { withInspection } = await inspectorFor('?page=2');
    expect(withInspection({ input: { userId: 5 } })).toEqual({ input: { userId: 5 } });
    expect(withInspection()).toEqual({});
    expect(createBrowserInspector).not.toHaveBeenCalled();
  });

  it('with ?inspect, hands every actor to the Stately inspector, events from before it loaded too', async () => {
    const { withInspection } = await inspectorFor('?inspect');
    const options = withInspection({ input: undefined });
    expect(options.inspect).toBeDefined();

    const actor = createActor(notFoundMachine, options).start();
    actor.send({ type: 'notFound.goHome' });

    await vi.waitFor(() => expect(createBrowserInspector).toHaveBeenCalledTimes(1), CONDITION);
    const types = received.map((event) => event.type);
    expect(types[0]).toBe('@xstate.actor');
    expect(types).toContain('@xstate.event');
    expect(
      received.some((event) => event.type === '@xstate.snapshot' && event.snapshot.status === 'done'),
    ).toBe(true);
  });
});
