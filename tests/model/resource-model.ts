/**
 * The model of a dashboard widget built by `createResourceMachine` (resource.machine.ts; spec §2
 * Dashboard, §8 "Silent failures": a failure is logged; issue 15: a failed widget says why and
 * offers Retry). Each widget's model (tests/model/models/<id>.model.ts) passes its machine and a
 * fixture of its answer; the checks are one reference of the rules:
 * - the widget loads as it appears, with nothing to show yet;
 * - an answer is kept and clears the last failure;
 * - a failure is kept for the error box and logged, and the data shown before stays;
 * - loaded is for good (the page loads it anew); Retry (`resource.reload`), offered once failed,
 *   loads again.
 *
 * Every step also checks what the widget renders (`selectResourceView`). The serializer keeps the
 * state and whether there is data: no guard reads anything else.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import { selectResourceView } from '@/machines/resource.machine';
import type { ResourceMachine } from '@/machines/resource.machine';
import { defineModel } from './harness';
import type { MachineModel } from './harness';

/** A server that broke: what the widget's call throws (the client's ApiError of a 500). */
const SERVER_ERROR = new ApiError('Internal Server Error', { kind: 'http', status: 500 });

/**
 * The model of `machine`, whose call answers `data`; see the module comment. `input` is what a
 * resource that takes one (e.g. which customer) is started with; its call is given it.
 */
export function defineResourceModel<T, I = undefined>(
  machine: ResourceMachine<T, I>,
  data: T,
  input?: I,
): MachineModel<ResourceMachine<T, I>> {
  return defineModel<ResourceMachine<T, I>>({
    machine,
    ...(input === undefined ? {} : { inputs: { start: input } }),
    events: { 'resource.reload': [{ type: 'resource.reload' }] },
    outcomes: { load: { done: [data], error: [SERVER_ERROR] } },
    stubActions: ['reportFailure'],
    serialize: (snapshot) => ({ value: snapshot.value, data: snapshot.context.data !== null }),
    check: ({ before, event, after, actions, started }) => {
      const loads = started.map((actor) => actor.src);
      expect(
        started.map((actor) => actor.input),
        'the call is given what the resource was started with',
      ).toEqual(started.map(() => input));
      // What the widget renders: its phase, the data and the failure, as the context holds them.
      expect(selectResourceView(after)).toEqual({
        status: after.value,
        data: after.context.data,
        error: after.context.error,
      });
      if (before === null) {
        expect(after.value, 'it loads as it appears').toBe('loading');
        expect(after.context).toEqual({ data: null, error: null, input });
        expect(loads).toEqual(['load']);
      } else if (event.type === 'resource.reload') {
        expect(before.value, 'only a failed widget offers Retry').toBe('failed');
        expect(after.value, 'Retry loads again').toBe('loading');
        expect(after.context, 'what it showed stays until the answer').toEqual(before.context);
        expect(loads).toEqual(['load']);
      } else if ('output' in event) {
        expect(after.value).toBe('loaded');
        expect(after.status, 'loaded once').toBe('done');
        expect(after.context, 'the answer is kept, the last failure gone').toEqual({
          data,
          error: null,
          input,
        });
        expect(actions).toEqual([]);
      } else if ('error' in event) {
        expect(after.value, 'the error box replaces the widget').toBe('failed');
        expect(after.context).toEqual({ data: before.context.data, error: event.error, input });
        expect(actions, 'spec §8: logged').toEqual([
          { type: 'reportFailure', params: { error: event.error } },
        ]);
      }
    },
  });
}
