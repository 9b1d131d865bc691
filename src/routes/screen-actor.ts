/**
 * How a screen creates its actors (issue 14): {@link useScreenActor} is the one way, and
 * {@link useUiEffects} connects an actor created elsewhere (the session's context, a panel's child),
 * so every actor's toasts, navigation and focus reach the root handler (`src/routes/ui-effects.tsx`).
 * Its own module because it brings XState: the root layout needs only the handler, and the public
 * pages must not download XState before a screen uses it (issue 6's budget for `/`).
 */
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor, ActorOptions, AnyActorLogic, AnyActorRef } from 'xstate';
import { withInspection } from '@/machines/inspector';
import { isUiEffect } from '@/machines/ui-effects';
import { useUiEffectHandler } from './ui-effects';

/**
 * Hands every {@link UiEffect} that `actorRef` emits to the root handler while the calling component
 * is mounted. Throws when used outside {@link UiEffectsProvider}.
 */
export function useUiEffects(actorRef: AnyActorRef): void {
  const handle = useUiEffectHandler();
  useEffect(() => {
    const subscription = actorRef.on('*', (event: { type: string }) => {
      if (isUiEffect(event)) handle(event);
    });
    return () => subscription.unsubscribe();
  }, [actorRef, handle]);
}

/**
 * Creates a screen's actor (`useActorRef` with the inspector's options, issue 7) and connects its
 * effects to the root handler. Returns the actor ref; read state with `useSelector`.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options?: ActorOptions<TLogic>,
): Actor<TLogic> {
  const actorRef = useActorRef(logic, withInspection(options));
  useUiEffects(actorRef);
  return actorRef;
}
