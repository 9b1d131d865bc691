/**
 * Fake actors for machine tests (issue 28): a promise actor whose every call waits for the test to
 * answer it, and a receiver that records what a machine sends it.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { CallbackActorLogic, EventObject, NonReducibleUnknown, PromiseActorLogic } from 'xstate';
import { deferred } from './deferred';
import type { Deferred } from './deferred';

/** One call of a held promise actor: its input and abort signal, and the answer the test gives. */
export interface HeldCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  answer: Deferred<TOutput>;
}

/**
 * A promise actor (`logic`, for `machine.provide({ actors })`) that records each call in `calls`,
 * in order, and settles it only when the test calls `calls[i].answer.resolve(...)` or `.reject(...)`.
 */
export function heldPromiseActor<TOutput, TInput = NonReducibleUnknown>(): {
  calls: Array<HeldCall<TOutput, TInput>>;
  logic: PromiseActorLogic<TOutput, TInput>;
} {
  const calls: Array<HeldCall<TOutput, TInput>> = [];
  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => {
    const answer = deferred<TOutput>();
    calls.push({ input, signal, answer });
    return answer.promise;
  });
  return { calls, logic };
}

/**
 * A callback actor (`logic`) that records every event sent to it in `received`: what a machine
 * tells another actor (a parent session, a cross-tab channel), without that actor's behaviour.
 */
export function recordingReceiver<TEvent extends EventObject>(): {
  received: TEvent[];
  logic: CallbackActorLogic<TEvent>;
} {
  const received: TEvent[] = [];
  const logic = fromCallback<TEvent>(({ receive }) => {
    receive((event) => received.push(event));
  });
  return { received, logic };
}

/**
 * A fake call's answer for a component test's actors: `value` resolved, an Error rejected, and
 * `undefined` a call that never settles (the screen stays in its pending state).
 */
export function answerWith<T>(value: T | Error | undefined): Promise<T> {
  if (value === undefined) return new Promise<T>(() => undefined);
  return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
}
