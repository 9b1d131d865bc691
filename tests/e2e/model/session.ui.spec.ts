/**
 * The session machine's generated paths in the real app (issue 7). The tab opens the dashboard with the
 * tokens the start check is to find; the auth calls wait for the steps that answer them (auth-ui.ts
 * says how fixtures become answers); Playwright's clock stands still, so the overlay's linger, the
 * logout delays and the 55-minute refresh happen when a step runs the clock; another tab is a second
 * page of the same origin that writes the storage or posts on the logout channel, as the app does.
 *
 * Which paths the UI can follow:
 * - `sessionUiModel` (on snapshots): the start check reads storage before anything else can happen;
 *   the router follows a logout's redirect at once; nothing can be clicked under the overlay; the
 *   login card only sends `session.login` with a target, the user menu only `session.logout` to '/',
 *   the card's failed login only `session.logout` without one; no screen sends `session.errorSet`;
 *   a refresh fails without a call only when storage was emptied behind the session's back, which no
 *   tab can do unheard.
 * - `followTab` (on the path so far): what the tab shows and what its storage holds, by the app's
 *   routing and storage rules, decide where a gesture is possible and what a cross-tab write does.
 *
 * A logout the server refuses shows 'Failed to logout: <reason>' as an error toast (issue 15); the
 * step checks it and dismisses it.
 *
 * Issue 27: a check or refresh the server could not answer leaves the storage as it was; every
 * status state says whether the notice 'The server cannot be reached' shows, and while the session
 * waits, that its next try is within the backoff's wait; the backoff's end runs the clock by that
 * wait, and `session.retryNow` is the notice's Try now, which is above the overlay. A retried refresh
 * calls the server only while storage holds the pair the tab holds, as the first one.
 */
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import type { LoginTokens } from '@/machines/login.machine';
import { LOGOUT_CHANNEL, LOGOUT_MESSAGE } from '@/machines/session-adapters';
import type { SessionTokens } from '@/machines/session-adapters';
import { failureText } from '@/machines/failure-text';
import {
  LOGOUT_FAILED_MESSAGE,
  STORAGE_EVENT_DELAY,
  isForgivableLogoutFailure,
  isServerUnreachable,
  selectServerReach,
  selectStatus,
} from '@/machines/session.machine';
import { retryDelayMs } from '@/machines/sessionRetry.machine';
import { SERVER_UNREACHABLE_TITLE, TRY_NOW_LABEL } from '@/ui/ServerUnreachableNotice';
import type { SessionEvent, SessionSnapshot, sessionMachine } from '@/machines/session.machine';
import { defineModel } from '../../model/harness';
import type { ModelEvent, ModelPath } from '../../model/harness';
import sessionModel from '../../model/models/session.model';
import {
  AUTH_CALLS,
  CLOCK_INSTALLED_AT,
  errorOf,
  expectCount,
  expectHeld,
  expectStored,
  failureAnswer,
  holdAuthCalls,
  LEAN_TRACE,
  leftOutByTheUi,
  loginButton,
  outputOf,
  pauseClock,
  realToken,
  sessionOverlay,
  submitLogin,
  tokenPairAnswer,
  userMenu,
} from './auth-ui';
import type { AuthCall } from './auth-ui';
import { coveringPaths, describeUiModel } from './ui-model';
import type { UiAssertion, UiModel, UiRun } from './ui-model';

type Session = typeof sessionMachine;
type SessionRun = UiRun<Session>;
type Step = ModelPath<Session>['steps'][number];

const DASHBOARD = '/dashboard';
const PROFILE = '/dashboard/profile';
const LOGIN = '/auth/login';
const LANDING = '/';
const LANDING_HEADING = 'Seamless Product Syncing for Multi-Store Retailers';
/** What the card's failed login (the gesture behind `session.logout` without a target) types. */
const CARD_CREDENTIALS = { email: 'ada@example.com', password: 'Secret123!' };

const READ_TOKENS = 'xstate.done.actor.0.session.status.loading.readingTokens';
const PROFILE_LOADS = [
  '0.session.status.loading.loadingProfile',
  '0.session.status.loggedIn.revalidating',
  '0.session.status.loggedOut.revalidating',
];
const REFRESH = '0.session.status.loggedIn.refreshingTokens';
const SERVER_LOGOUT = '0.session.logout.notifyingServer';
/** The backoffs of the three `unreachable` states (issue 27). */
const BACKOFFS = [
  '0.session.status.loading.unreachable',
  '0.session.status.loggedIn.unreachable',
  '0.session.status.loggedOut.unreachable',
];
const REFRESH_BACKOFF_ENDS = `xstate.done.actor.${BACKOFFS[1]!}`;

/** Animation frames' worth of clock a menu needs to open (ms). */
const MENU_FRAMES = 100;

const isDashboard = (location: string) => location === DASHBOARD || location === PROFILE;

/** The session model as the UI can drive it, judged on snapshots (see the module comment). */
const sessionUiModel = defineModel({
  ...sessionModel,
  filterEvents: (snapshot, event) =>
    (sessionModel.filterEvents?.(snapshot, event) ?? true) && uiCanSend(snapshot, event),
});

function uiCanSend(snapshot: SessionSnapshot, event: ModelEvent<Session>): boolean {
  if (snapshot.matches({ status: { loading: 'readingTokens' } })) return event.type === READ_TOKENS;
  if (snapshot.matches({ logout: 'redirecting' })) return event.type === 'location.changed';
  if (event.type === `xstate.error.actor.${REFRESH}`)
    return 'error' in event && event.error instanceof ApiError;
  if (event.type.startsWith('xstate.') || event.type.startsWith('sync.')) return true;
  // Try now is on the notice, which shows above the overlay.
  if (event.type === 'session.retryNow') return true;
  if (!snapshot.matches({ overlay: 'hidden' })) return false;
  const status = selectStatus(snapshot);
  switch (event.type) {
    case 'session.login':
      return event.redirectTo !== undefined && status === 'loggedOut' && snapshot.matches({ logout: 'idle' });
    case 'session.logout':
      return event.redirectTo === undefined ? status === 'loggedOut' : status === 'loggedIn';
    case 'session.userSet':
    case 'location.changed':
      return status === 'loggedIn';
    default:
      return false;
  }
}

/** Local storage as abstract token names. */
interface Stored {
  access: string | null;
  refresh: string | null;
}

/** What the tab shows and holds after a step. */
interface TabView {
  /** The URL's path. */
  location: string;
  /** Where the login card sends the visitor after a login: the page the guard turned them away from. */
  cardTarget: string;
  stored: Stored;
}

const EMPTY: Stored = { access: null, refresh: null };

function storedPair(pair: SessionTokens): Stored {
  return { access: pair.accessToken, refresh: pair.refreshToken };
}

function sameStored(a: Stored, b: Stored): boolean {
  return a.access === b.access && a.refresh === b.refresh;
}

function isFullPair(stored: Stored): boolean {
  return stored.access !== null && stored.refresh !== null;
}

const MENU_RUNS_DELAYS = 'the user menu needs the clock to run, which would end a logout delay';

/** True while a logout delay runs (the user menu's animation frames must not end it). */
function logoutDelayPending(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ logout: 'waitingToClearStorage' }) || snapshot.matches({ logout: 'waitingToRedirect' })
  );
}

/**
 * The view after `step` (from the view before it), or why the tab cannot do what the step says.
 * Storage: start() stores what the read finds; the session clears it on a failed load or refresh and
 * 50 ms into a logout; a login or refresh stores its pair; another tab writes access then refresh,
 * and this tab hears one storage event per changed key.
 */
function nextView(view: TabView, before: SessionSnapshot, step: Step): TabView | string {
  const { event, state: after } = step;
  const held = storedPair(before.context);
  const next: TabView = { ...view };
  const type = event.type;
  if (type === READ_TOKENS) {
    next.stored = isFullPair(view.stored) ? view.stored : EMPTY;
  } else if (PROFILE_LOADS.some((id) => type === `xstate.error.actor.${id}`)) {
    if (!isServerUnreachable(errorOf(event))) next.stored = EMPTY;
  } else if (
    type === 'xstate.after.TOKEN_REFRESH_INTERVAL.session.status.loggedIn.active' ||
    type === REFRESH_BACKOFF_ENDS ||
    (type === 'session.retryNow' && before.matches({ status: { loggedIn: 'unreachable' } }))
  ) {
    if (!sameStored(view.stored, held)) return 'storage holds another pair: the refresh would not call';
  } else if (type === `xstate.done.actor.${REFRESH}` && 'output' in event) {
    next.stored = storedPair(event.output as SessionTokens);
  } else if (type === `xstate.error.actor.${REFRESH}`) {
    if (!isServerUnreachable(errorOf(event))) next.stored = EMPTY;
  } else if (type === 'xstate.after.LOGOUT_CLEAR_DELAY.session.logout.waitingToClearStorage') {
    next.stored = EMPTY;
  } else if (type === 'session.login') {
    const target = view.location === LOGIN ? view.cardTarget : DASHBOARD;
    if (view.location !== LOGIN && view.location !== LANDING) return 'no login card at hand';
    if (target !== event.redirectTo) return `the card would go to ${target}`;
    next.stored = storedPair(event);
    next.location = target;
  } else if (type === 'session.logout') {
    if (event.redirectTo === undefined) {
      if (view.location !== LOGIN) return 'no login card whose failed login logs out';
      next.stored = EMPTY;
    } else if (!isDashboard(view.location)) {
      return 'no user menu on this page';
    }
  } else if (type === 'session.userSet') {
    if (!isDashboard(view.location)) return 'no profile screen at hand';
    if (view.location !== PROFILE && logoutDelayPending(before)) return MENU_RUNS_DELAYS;
    next.location = PROFILE;
  } else if (type === 'location.changed' && !before.matches({ logout: 'redirecting' })) {
    if (!isDashboard(view.location)) return 'no dashboard link on this page';
    if (view.location === DASHBOARD && logoutDelayPending(before)) return MENU_RUNS_DELAYS;
    next.location = view.location === DASHBOARD ? PROFILE : DASHBOARD;
  } else if (type === 'sync.tokensStored') {
    const pair = storedPair(event);
    if (sameStored(view.stored, pair) !== sameStored(held, pair)) {
      return 'storage and session disagree: the write would not do what the model says';
    }
    if (!isFullPair(view.stored) && !before.matches({ status: 'loggedOut' })) {
      return 'a half-written pair reads as cleared tokens and would log the tab out';
    }
    next.stored = pair;
  } else if (type === 'sync.tokensCleared') {
    if (!isFullPair(view.stored)) return 'storage holds no pair to clear';
    next.stored = EMPTY;
  }
  return route(next, before, after);
}

/** The app's own moves: the logout's redirect, the dashboard guard, the card leaving once logged in. */
function route(view: TabView, before: SessionSnapshot, after: SessionSnapshot): TabView {
  const status = selectStatus(after);
  if (after.matches({ logout: 'redirecting' }) && !before.matches({ logout: 'redirecting' })) {
    return { ...view, location: after.context.logoutRedirect ?? view.location };
  }
  if (isDashboard(view.location) && status === 'loggedOut' && !after.context.isLoggingOut) {
    return { ...view, location: LOGIN, cardTarget: view.location };
  }
  if (view.location === LOGIN && status === 'loggedIn') return { ...view, location: view.cardTarget };
  return view;
}

/** The views along a path, as far as the tab can follow it (see nextView). */
function followTabFrom(path: ModelPath<Session>, opened: string): { views: TabView[]; blocked?: string } {
  const read = path.steps[1]?.event;
  const found =
    read?.type === READ_TOKENS && 'output' in read ? storedPair(read.output as SessionTokens) : EMPTY;
  const views: TabView[] = [{ location: opened, cardTarget: opened, stored: found }];
  for (let index = 1; index < path.steps.length; index += 1) {
    const next = nextView(views[index - 1]!, path.steps[index - 1]!.state, path.steps[index]!);
    if (typeof next === 'string') return { views, blocked: `step ${index}: ${next}` };
    views.push(next);
  }
  return { views };
}

/**
 * The views along a path (see nextView), from the page the tab opens: the profile screen, which loads
 * no data, unless the path needs the card to return to the dashboard home.
 */
function followTab(path: ModelPath<Session>): { views: TabView[]; blocked?: string } {
  const onProfile = followTabFrom(path, PROFILE);
  if (onProfile.blocked === undefined) return onProfile;
  const onHome = followTabFrom(path, DASHBOARD);
  return onHome.views.length > onProfile.views.length ? onHome : onProfile;
}

const views = new WeakMap<ModelPath<Session>, TabView[]>();

function viewAt(run: SessionRun, step = run.step): TabView {
  let along = views.get(run.path);
  if (!along) {
    const followed = followTab(run.path);
    if (followed.blocked) throw new Error(`the tab cannot follow this path: ${followed.blocked}`);
    along = followed.views;
    views.set(run.path, along);
  }
  return along[step]!;
}

function snapshotBefore(run: SessionRun): SessionSnapshot {
  return run.path.steps[run.step - 1]!.state;
}

async function realStored(page: Page, stored: Stored): Promise<Stored> {
  return {
    access: stored.access === null ? null : await realToken(page, stored.access),
    refresh: stored.refresh === null ? null : await realToken(page, stored.refresh),
  };
}

const TOKEN_KEYS = [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY] as const;

/** Runs in a page: stores the tokens given, access first, as the app's setStoredTokens does. */
function writeTokens([keys, tokens]: readonly [readonly [string, string], Stored]): void {
  if (tokens.access !== null) localStorage.setItem(keys[0], tokens.access);
  if (tokens.refresh !== null) localStorage.setItem(keys[1], tokens.refresh);
}

const secondTabs = new WeakMap<SessionRun, Promise<Page>>();

/** Another tab of the same origin, without the app, for the cross-tab writes and messages. */
function otherTab(run: SessionRun): Promise<Page> {
  let tab = secondTabs.get(run);
  if (!tab) {
    tab = run.context.newPage().then(async (page) => {
      await page.goto('/api/health');
      return page;
    });
    secondTabs.set(run, tab);
  }
  return tab;
}

/** Counts the profile calls the page makes from now on. */
function countProfileCalls(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === AUTH_CALLS.profile.method && request.url().endsWith('/account/profile'))
      count += 1;
  });
  return () => count;
}

async function openUserMenuItem(run: SessionRun, item: 'Profile' | 'Logout'): Promise<void> {
  const user = snapshotBefore(run).context.user;
  if (user === null) throw new Error('no signed-in user to open the menu of');
  await userMenu(run.page, user).click();
  // The menu places itself on animation frames, which the paused clock holds back. No delay shorter
  // than these frames is pending when a menu is used (gestures wait for the overlay to go, and
  // nextView keeps menus out of the logout delays).
  await run.page.clock.runFor(MENU_FRAMES);
  await run.page.getByRole('menuitem', { name: item }).click();
}

async function answerProfile(run: SessionRun, event: ModelEvent<Session>): Promise<void> {
  await run.held.answer(
    'profile',
    'output' in event ? { json: event.output } : failureAnswer(errorOf(event)),
  );
}

const sessionUi: UiModel<Session> = {
  model: sessionUiModel,
  clock: CLOCK_INSTALLED_AT,
  // The start check reads storage at once, and the router follows a logout's redirect at once: both
  // have happened before the replay can look.
  immediate: [READ_TOKENS, 'location.changed'],
  // The router reports every location to the session (which clears its error, spec §4): the first
  // as the app starts, and each redirect the session asks for. The model's paths carry it where it
  // matters (a logout's redirect ends on it); the screen assertions show the error where one is set.
  // Another tab writes a pair one key at a time, so storage fires an event per changed key, and the
  // session hears the pair after each: the model's one `sync.tokensStored` may reach it twice (the
  // gesture counts the profile loads that follow).
  incidental: ['location.changed', 'sync.tokensStored'],
  async start(run) {
    const { page, held } = run;
    await pauseClock(page);
    await holdAuthCalls(held);
    const found = await realStored(page, viewAt(run, 0).stored);
    // Runs before the app's own scripts, so the start check finds them.
    await page.addInitScript(writeTokens, [TOKEN_KEYS, found] as const);
    await page.goto(viewAt(run, 0).location);
  },
  events: {
    // The read ran while the page loaded, on the storage start() put there.
    [READ_TOKENS]: () => Promise.resolve(),
    ...Object.fromEntries(
      PROFILE_LOADS.flatMap((id) => [
        [`xstate.done.actor.${id}`, answerProfile],
        [`xstate.error.actor.${id}`, answerProfile],
      ]),
    ),
    [`xstate.done.actor.${REFRESH}`]: async (run, event) => {
      await run.held.answer('refresh', await tokenPairAnswer(run.page, outputOf<LoginTokens>(event)));
    },
    [`xstate.error.actor.${REFRESH}`]: async (run, event) => {
      await run.held.answer('refresh', failureAnswer(errorOf(event)));
    },
    [`xstate.done.actor.${SERVER_LOGOUT}`]: async (run, event) => {
      await run.held.answer('logout', { json: outputOf(event) });
    },
    [`xstate.error.actor.${SERVER_LOGOUT}`]: async (run, event) => {
      const error = errorOf(event);
      await run.held.answer('logout', failureAnswer(error));
      if (isForgivableLogoutFailure(error)) return;
      // Issue 15: a refused logout is shown, with the server's reason. Dismissed by a click (the
      // toast's exit is a CSS animation, which the paused clock does not hold), so it covers no
      // top-right control a later step uses.
      const toast = run.page.getByRole('alert').filter({
        hasText: failureText(LOGOUT_FAILED_MESSAGE, error),
      });
      await expect(toast).toBeVisible();
      await toast.click();
      await expect(toast).not.toBeInViewport();
    },
    // Issue 27: the backoff's wait, by the failures so far (the sessionRetry chart's own choice).
    ...Object.fromEntries(
      BACKOFFS.map((id) => [
        `xstate.done.actor.${id}`,
        async (run: SessionRun) => {
          await run.page.clock.runFor(retryDelayMs(snapshotBefore(run).context.failures));
        },
      ]),
    ),
    'session.retryNow': async (run) => {
      await serverNotice(run.page).getByRole('button', { name: TRY_NOW_LABEL }).click();
    },
    'session.login': async (run, event) => {
      const { page, held } = run;
      const login = event as Extract<SessionEvent, { type: 'session.login' }>;
      if (viewAt(run, run.step - 1).location === LANDING) {
        await page.getByRole('link', { name: 'Log in' }).first().click();
      }
      await submitLogin(page, CARD_CREDENTIALS);
      await held.answer('login', await tokenPairAnswer(page, login));
      // The storage event's delay starts as the pair is stored.
      const stored = await realStored(page, storedPair(login));
      await expectStored(page, stored);
      await page.clock.runFor(STORAGE_EVENT_DELAY);
      await held.answer('profile', { json: login.user });
    },
    'session.logout': async (run, event) => {
      if ((event as { redirectTo?: string }).redirectTo !== undefined) {
        await openUserMenuItem(run, 'Logout');
        return;
      }
      await submitLogin(run.page, CARD_CREDENTIALS);
      const status = 500;
      await run.held.answer('login', {
        status,
        json: { statusCode: status, error: 'Internal Server Error', message: 'Internal Server Error' },
      });
      await expect(loginButton(run.page)).toBeEnabled();
    },
    'session.userSet': async (run, event) => {
      const { user } = event as { user: ProfileUser };
      if (viewAt(run, run.step - 1).location !== PROFILE) await openUserMenuItem(run, 'Profile');
      const form = run.page.getByRole('form', { name: 'General information' });
      await form.getByLabel('First name').fill(user.first_name);
      await form.getByLabel('Last name').fill(user.last_name);
      await form.getByRole('button', { name: 'Save all' }).click();
      await run.held.answer('saveProfile', { json: user });
    },
    'location.changed': async (run) => {
      const { page } = run;
      if (snapshotBefore(run).matches({ logout: 'redirecting' })) {
        // The router's own move to the logout's target is the location change.
        await expect(page).toHaveURL((url) => url.pathname === viewAt(run).location);
      } else if (viewAt(run, run.step - 1).location === DASHBOARD) {
        await openUserMenuItem(run, 'Profile');
      } else {
        await page
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link', { name: 'Dashboard' })
          .click();
      }
    },
    'sync.tokensStored': async (run, event) => {
      const pair = storedPair(event as SessionTokens);
      const before = viewAt(run, run.step - 1).stored;
      const after = run.path.steps[run.step]!.state;
      const loads =
        !sameStored(storedPair(snapshotBefore(run).context), pair) &&
        (after.matches({ status: { loading: 'loadingProfile' } }) ||
          after.matches({ status: { loggedIn: 'revalidating' } }) ||
          after.matches({ status: { loggedOut: 'revalidating' } }));
      // One storage event per changed key; a half-written pair reads as no tokens and loads nothing.
      const changed = Number(before.access !== pair.access) + Number(before.refresh !== pair.refresh);
      const expectedLoads = loads ? changed - (isFullPair(before) ? 0 : 1) : 0;
      const profileCalls = countProfileCalls(run.page);
      const real = await realStored(run.page, pair);
      const tab = await otherTab(run);
      await tab.evaluate(writeTokens, [TOKEN_KEYS, real] as const);
      await expectCount(profileCalls, expectedLoads, 'profile loads the storage events start');
    },
    'sync.tokensCleared': async (run) => {
      const tab = await otherTab(run);
      await tab.evaluate((keys) => keys.forEach((key) => localStorage.removeItem(key)), TOKEN_KEYS);
    },
    'sync.logoutBroadcast': async (run) => {
      const tab = await otherTab(run);
      await tab.evaluate(
        ([channelName, message]) => {
          const channel = new BroadcastChannel(channelName);
          channel.postMessage(message);
          channel.close();
        },
        [LOGOUT_CHANNEL, LOGOUT_MESSAGE] as const,
      );
    },
  },
  states: {
    'session.status.loading.readingTokens': async ({ page }) => {
      // Once the page can be looked at the read is over; the spinner is what still shows it.
      await expect(sessionOverlay(page)).toBeVisible();
    },
    'session.status.loading.loadingProfile': showsAndWaits({ profile: 1 }),
    'session.status.loading.unreachable': showsAndWaits({ profile: 0 }),
    'session.status.loggedIn.active': showsAndWaits({ profile: 0, refresh: 0 }),
    'session.status.loggedIn.refreshingTokens': showsAndWaits({ refresh: 1 }),
    'session.status.loggedIn.unreachable': showsAndWaits({ refresh: 0 }),
    'session.status.loggedIn.revalidating': showsAndWaits({ profile: 1 }),
    'session.status.loggedOut.idle': showsAndWaits({ profile: 0 }),
    'session.status.loggedOut.revalidating': showsAndWaits({ profile: 1 }),
    'session.status.loggedOut.unreachable': showsAndWaits({ profile: 0 }),
    'session.logout.idle': storesAndWaits({ logout: 0 }),
    'session.logout.notifyingServer': storesAndWaits({ logout: 1 }),
    'session.logout.waitingToClearStorage': storesAndWaits({ logout: 0 }),
    'session.logout.waitingToRedirect': storesAndWaits({ logout: 0 }),
    'session.logout.redirecting': async (run, snapshot) => {
      await expectStorage(run);
      await expect(run.page).toHaveURL((url) => url.pathname === snapshot.context.logoutRedirect);
    },
    'session.overlay.visible': async ({ page }) => {
      await expect(sessionOverlay(page)).toBeVisible();
    },
    'session.overlay.lingering': async ({ page }) => {
      await expect(sessionOverlay(page)).toBeVisible();
    },
    'session.overlay.hidden': async ({ page }) => {
      await expect(sessionOverlay(page)).toBeHidden();
    },
  },
};

type HeldCounts = Partial<Record<AuthCall, number>>;

async function expectHeldCounts(run: SessionRun, counts: HeldCounts): Promise<void> {
  for (const [name, count] of Object.entries(counts)) await expectHeld(run.held, name as AuthCall, count);
}

/**
 * A status state: the screen the view says, the notice the session's view of the server says, the
 * storage, and how many auth calls of each kind wait.
 */
function showsAndWaits(counts: HeldCounts): UiAssertion<Session> {
  return async (run, snapshot) => {
    await expectTabShows(run, snapshot);
    await expectServerNotice(run, snapshot);
    await expectHeldCounts(run, counts);
  };
}

/** The notice that the server cannot be reached (issue 27). */
function serverNotice(page: Page) {
  return page.getByRole('status', { name: SERVER_UNREACHABLE_TITLE });
}

/**
 * Issue 27: no notice while the server answers; while the session waits, the notice with a next try
 * at most the backoff's wait from now (the clock has not run it out); while it tries, 'Trying again'.
 * A status state's storage is the view's: a failure the server could not answer clears none.
 */
async function expectServerNotice(run: SessionRun, snapshot: SessionSnapshot): Promise<void> {
  const { page } = run;
  const reach = selectServerReach(snapshot);
  const notice = serverNotice(page);
  if (reach.kind === 'reachable') {
    await expect(notice).toHaveCount(0);
    return;
  }
  await expectStorage(run);
  if (reach.kind === 'retrying') {
    await expect(notice).toContainText('Trying again');
    return;
  }
  await expect(notice).toContainText('Next try at');
  const due = Date.parse((await notice.locator('time').getAttribute('datetime')) ?? '');
  const now = await page.evaluate(() => Date.now());
  expect(due - now, 'the next try is within the backoff’s wait').toBeGreaterThan(0);
  expect(due - now).toBeLessThanOrEqual(reach.retryInMs);
}

/** A logout state: the storage the view says, and how many auth calls of each kind wait. */
function storesAndWaits(counts: HeldCounts): UiAssertion<Session> {
  return async (run) => {
    await expectStorage(run);
    await expectHeldCounts(run, counts);
  };
}

/** The page the view says, and on it what the session's status shows. */
async function expectTabShows(run: SessionRun, snapshot: SessionSnapshot): Promise<void> {
  const { page } = run;
  const { location } = viewAt(run);
  const status = selectStatus(snapshot);
  await expect(page).toHaveURL((url) => url.pathname === location);
  if (status !== 'loggedIn') {
    await expect(page.getByRole('navigation', { name: 'Dashboard' }), 'no dashboard').toHaveCount(0);
  }
  if (isDashboard(location)) {
    const { user } = snapshot.context;
    if (status === 'loggedIn' && user !== null) {
      await expect(userMenu(page, user), 'the top bar names the user').toBeVisible();
    } else {
      await expect(
        page.getByRole('main'),
        'the guard shows nothing while loading or logging out',
      ).toHaveCount(0);
    }
  } else if (location === LOGIN) {
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
  }
}

/** The tokens in storage are the ones the view says (the read is over once the page can be looked at). */
async function expectStorage(run: SessionRun): Promise<void> {
  const view = viewAt(run, run.step === 0 ? 1 : run.step);
  const expected = await realStored(run.page, view.stored);
  await expectStored(run.page, expected);
}

test.use({ trace: LEAN_TRACE });

const uiPaths = await coveringPaths(sessionUiModel, (path) => {
  const followed = followTab(path);
  return followed.blocked === undefined ? path.steps.length : followed.views.length;
});

test('the session UI paths reach every state and transition of the session machine but one', async () => {
  expect(await leftOutByTheUi(sessionModel, uiPaths)).toEqual([
    // No screen sends it: the app never sets the session's error from outside the machine.
    'transition #session —session.errorSet→ (no target)',
  ]);
});

describeUiModel(sessionUi, uiPaths);
