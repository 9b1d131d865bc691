/**
 * What the auth and dashboard areas run in: the session (spec §4), its loading overlay and the toast
 * container (spec §2 Dashboard area), which mounts on the first toast. Its own module because the root layout loads it only once a
 * route needs it: the public pages download none of it (issue 6).
 */
import type { ReactNode } from 'react';
import { ToastsOnDemand } from '@/ui/ToastsOnDemand';
import { SessionOverlay } from './SessionOverlay';
import { SessionProvider } from './session';

/** Renders `children` under the one session actor, with the overlay and the toasts above them. */
export function SessionShell(props: { children: ReactNode }) {
  return (
    <SessionProvider>
      {props.children}
      <SessionOverlay />
      <ToastsOnDemand />
    </SessionProvider>
  );
}
