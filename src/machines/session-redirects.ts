/**
 * The session's one redirect decision (spec §2 "Screens and routes", §4 "Route guard", "Login sequence",
 * logout sequence, "Multi-tab sync"; issue 14): where the role guard sends a visitor and what it
 * remembers, where a login goes, where a logout goes, and when the auth area is left because the session
 * is already signed in (on entry, or because another tab logged in). The session and login charts and
 * the route guards all ask this module; every target is a path of `src/routes/paths.ts`.
 */
import { paths } from '@/routes/paths';

/** Spec §2: where a successful login goes when no other target was remembered. */
export const DEFAULT_LOGIN_REDIRECT = paths.dashboard;

/** Spec §2 dashboard user menu: a logout the visitor asked for ends on the landing page. */
export const LOGOUT_REDIRECT = paths.home;

/** The parts of a router location the guard remembers. */
export interface RememberedLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Location state the guard hands to the login screen: `from` is the location that was asked for (so the
 * login can return there); `denied` is true when a signed-in user's role was refused, which tells the
 * auth area not to bounce that user back to the dashboard.
 */
export interface GuardRedirectState {
  from: RememberedLocation;
  denied: boolean;
}

/** What the guard needs to know of the session. */
export interface GuardSessionView {
  status: 'loading' | 'loggedIn' | 'loggedOut';
  user: { user_type_id: number } | null;
  isLoggingOut: boolean;
  /** While loading: the role the stored access token names, once the profile is asked for; else null. */
  provisionalUserType: number | null;
}

/** The guard's verdict: render nothing yet, let the visitor through, or replace the URL with `to`. */
export type GuardDecision =
  { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string; state: GuardRedirectState };

/**
 * The role guard (spec §4 "Route guard", §6): waits while the session is loading, unless the profile
 * is being asked for with a stored token signed for an allowed role (issue 31: the screen then starts
 * under the loading overlay, its requests leaving beside the profile's; the session's answer decides
 * as below once it comes), and during a logout
 * that has its own target (so the visitor is not first bounced to the login screen, e.g. when the
 * other tab's logout already cleared this one); lets a signed-in user whose `user_type_id` is in
 * `allowed` through; sends everyone else to the login screen, remembering `from`. A logout from another
 * tab lands here too: the logged-out session is sent to the login screen, which returns to `from`.
 */
export function guardDecision(
  session: GuardSessionView,
  allowed: readonly number[],
  from: RememberedLocation,
): GuardDecision {
  if (session.status === 'loading') {
    const provisional = session.provisionalUserType;
    return provisional !== null && allowed.includes(provisional) ? { kind: 'allow' } : { kind: 'wait' };
  }
  if (session.status === 'loggedOut' && session.isLoggingOut) return { kind: 'wait' };
  if (session.status === 'loggedIn' && session.user !== null && allowed.includes(session.user.user_type_id)) {
    return { kind: 'allow' };
  }
  const remembered = { pathname: from.pathname, search: from.search, hash: from.hash };
  return {
    kind: 'redirect',
    to: paths.login,
    state: { from: remembered, denied: session.status === 'loggedIn' },
  };
}

/**
 * The path to return to after login, from the router location state the role guard leaves
 * ({@link GuardRedirectState}); a plain string path is accepted too. Undefined when there is none or it
 * does not point inside the app.
 */
export function redirectTargetFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from: unknown = state.from;
  let target: string | undefined;
  if (typeof from === 'string') {
    target = from;
  } else if (
    typeof from === 'object' &&
    from !== null &&
    'pathname' in from &&
    typeof from.pathname === 'string'
  ) {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    target = `${from.pathname}${search}${hash}`;
  }
  // Only same-origin paths: '//host' would leave the app.
  return target?.startsWith('/') && !target.startsWith('//') ? target : undefined;
}

/**
 * True when the location state says the role guard turned a signed-in user away (its `denied` flag):
 * the dashboard would only send that user back here.
 */
export function wasTurnedAway(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'denied' in state && state.denied === true;
}

/** Where a login from a screen with this location state goes: the remembered path, else the dashboard. */
export function loginTarget(state: unknown): string {
  return redirectTargetFrom(state) ?? DEFAULT_LOGIN_REDIRECT;
}

/**
 * Where the auth area sends a visitor on entry, or null to stay: to the dashboard when an access token
 * was stored on entering (`tokenOnEntry`), unless the session has already found it unusable (logged
 * out) or the guard refused the signed-in user's role (the dashboard would only send them back).
 */
export function authAreaRedirect(
  tokenOnEntry: boolean,
  status: GuardSessionView['status'],
  state: unknown,
): string | null {
  return tokenOnEntry && status !== 'loggedOut' && !wasTurnedAway(state) ? paths.dashboard : null;
}
