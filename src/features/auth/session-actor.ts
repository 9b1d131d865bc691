/**
 * The React context that holds the app's one session actor.
 *
 * It lives here rather than in src/routes because features may not import routes (ARCHITECTURE.md
 * §1, enforced by lint) and the login screen must hand its result to the session. The route layer's
 * `SessionProvider` (src/routes/session-context.tsx) renders `SessionActorContext.Provider` and wires
 * the actor to the router; screens read it through `SessionActorContext.useSelector` / `useActorRef`.
 */
import { createActorContext } from '@xstate/react';
import { sessionMachine } from '@/machines/session.machine';

/** `{ Provider, useActorRef, useSelector }` of the session actor (sessionMachine). */
export const SessionActorContext = createActorContext(sessionMachine);
