/**
 * The session for every screen (spec §4), in one module (issue 14): the React context that holds the
 * app's one session actor, its provider wired to the router, and the hooks that screens and layouts
 * read and drive it with. Screens may import this module from src/routes (lint's exception). The
 * provider also shows, over every screen, the notice that the server cannot be reached while the
 * session waits to try again (issue 27).
 */
import { useCallback, useEffect, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { createActorContext } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProfileUser } from '@/api/schemas/auth';
import { withInspection } from '@/machines/inspector';
import {
  selectError,
  selectIsLoggingOut,
  selectProvisionalUserType,
  selectServerReach,
  selectStatus,
  selectUser,
} from '@/machines/session.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { ServerReach, SessionSnapshot } from '@/machines/session.machine';
import { ServerUnreachableNotice } from '@/ui/ServerUnreachableNotice';
import { useUiEffects } from './screen-actor';

/** `{ Provider, useActorRef, useSelector }` of the session actor (sessionMachine). */
export const SessionActorContext = createActorContext(sessionMachine);

/** What screens read from the session; derived from the session machine's snapshot. */
export interface SessionView {
  status: 'loading' | 'loggedIn' | 'loggedOut';
  user: ProfileUser | null;
  error: string | null;
  isLoggingOut: boolean;
  /**
   * While the start check's profile request is on its way, the role the stored access token was signed
   * for (unexpired), else null: the dashboard guard's reason to start a screen early (issue 31).
   */
  provisionalUserType: number | null;
  /** Starts the spec §4 logout sequence; navigates to `redirectTo` (e.g. `LOGOUT_REDIRECT`) when it ends. */
  logout: (redirectTo?: string) => void;
}

/**
 * Hands the session's navigations (`ui.navigate` after a login or a logout) to the root effect handler
 * and tells the session about every route change.
 */
function SessionRouting(): null {
  const actorRef = SessionActorContext.useActorRef();
  const location = useLocation();
  useUiEffects(actorRef);

  useEffect(() => {
    actorRef.send({ type: 'location.changed' });
  }, [actorRef, location]);

  return null;
}

const sameReach = (a: ServerReach, b: ServerReach) =>
  a.kind === b.kind && (a.kind === 'reachable' || (b.kind !== 'reachable' && a.failures === b.failures));

/**
 * When the session's next try is due, ms since the epoch, while it waits for the server; else null.
 * The chart counts in durations (its tests need no wall clock); the moment it starts a wait is read
 * here, once per wait, to show the reader a time of day.
 */
function useNextTryAt(actorRef: ActorRefFrom<typeof sessionMachine>): number | null {
  const [nextTryAt, setNextTryAt] = useState<number | null>(null);
  useEffect(() => {
    let timedWait: number | null = null;
    const onSnapshot = (snapshot: SessionSnapshot) => {
      const reach = selectServerReach(snapshot);
      const wait = reach.kind === 'waiting' ? reach.failures : null;
      if (wait === timedWait) return;
      timedWait = wait;
      setNextTryAt(reach.kind === 'waiting' ? Date.now() + reach.retryInMs : null);
    };
    onSnapshot(actorRef.getSnapshot());
    const subscription = actorRef.subscribe(onSnapshot);
    return () => subscription.unsubscribe();
  }, [actorRef]);
  return nextTryAt;
}

/** The notice that the server cannot be reached, with the next try's time and Try now (issue 27). */
function ServerReachNotice(): JSX.Element {
  const actorRef = SessionActorContext.useActorRef();
  const reach = SessionActorContext.useSelector(selectServerReach, sameReach);
  const nextTryAt = useNextTryAt(actorRef);
  const tryNow = useCallback(() => actorRef.send({ type: 'session.retryNow' }), [actorRef]);
  return <ServerUnreachableNotice reach={reach} nextTryAt={nextTryAt} onTryNow={tryNow} />;
}

/**
 * Provides the one session actor, and shows over every screen the notice that the server cannot be
 * reached (issue 27); must be rendered inside the router and under `UiEffectsProvider`.
 */
export function SessionProvider(props: { children: ReactNode }): JSX.Element {
  return (
    <SessionActorContext.Provider options={withInspection()}>
      <SessionRouting />
      {props.children}
      <ServerReachNotice />
    </SessionActorContext.Provider>
  );
}

/** The session actor itself, for sending events (must be used under `SessionProvider`). */
export function useSessionActorRef(): ActorRefFrom<typeof sessionMachine> {
  return SessionActorContext.useActorRef();
}

/** What screens read: status, user, error, logging-out flag, provisional role, and `logout(redirectTo?)`. */
export function useSession(): SessionView {
  const actorRef = useSessionActorRef();
  const status = SessionActorContext.useSelector(selectStatus);
  const user = SessionActorContext.useSelector(selectUser);
  const error = SessionActorContext.useSelector(selectError);
  const isLoggingOut = SessionActorContext.useSelector(selectIsLoggingOut);
  const provisionalUserType = SessionActorContext.useSelector(selectProvisionalUserType);
  const logout = useCallback(
    (redirectTo?: string) => actorRef.send({ type: 'session.logout', redirectTo }),
    [actorRef],
  );
  return { status, user, error, isLoggingOut, provisionalUserType, logout };
}
