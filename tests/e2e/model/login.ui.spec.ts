/**
 * The login machine's generated paths in the real app (issue 7): the login card at /auth/login,
 * with the login, token-refresh and profile calls held until a step answers them (see auth-ui.ts for
 * how the fixtures become real answers) and Playwright's clock standing still between steps.
 *
 * The UI sends what the card can send: the redirect target comes from the page the visitor was
 * turned away from, so `start` opens that page (or the card itself) and a second attempt on the same
 * card goes to the same target; the paths keep to that.
 */
import { expect, test } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { ProfileUser } from '@/api/schemas/auth';
import { REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import { DEFAULT_LOGIN_REDIRECT } from '@/machines/login.machine';
import type { LoginEvent, LoginTokens, loginMachine } from '@/machines/login.machine';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import { defineModel } from '../../model/harness';
import type { ModelPath } from '../../model/harness';
import loginModel from '../../model/models/login.model';
import {
  CLOCK_INSTALLED_AT,
  errorOf,
  expectHeld,
  expectStored,
  failureAnswer,
  holdAuthCalls,
  LEAN_TRACE,
  leftOutByTheUi,
  loginButton,
  loginError,
  outputOf,
  pauseClock,
  realToken,
  sessionOverlay,
  submitLogin,
  tokenPairAnswer,
  userMenu,
} from './auth-ui';
import { coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

type Login = typeof loginMachine;
type LoginRun = UiRun<Login>;

/** The login model as the card can drive it: a second attempt keeps the first one's redirect target. */
const uiLoginModel = defineModel({
  ...loginModel,
  filterEvents: (snapshot, event) =>
    (loginModel.filterEvents?.(snapshot, event) ?? true) &&
    (event.type !== 'login.submit' ||
      snapshot.matches('idle') ||
      (event.redirectTo ?? DEFAULT_LOGIN_REDIRECT) === snapshot.context.redirectTo),
});

function submits(path: ModelPath<Login>): LoginEvent[] {
  return path.steps
    .map((step) => step.event)
    .filter((event): event is LoginEvent => event.type === 'login.submit');
}

/** True when the path renews the session after a 422, which reads the stored refresh token. */
function renewsSession(path: ModelPath<Login>): boolean {
  return path.steps.some((step) => step.state.matches('renewingSession'));
}

async function expectFormBusy(run: LoginRun): Promise<void> {
  await expect(loginButton(run.page)).toBeDisabled();
  await expect(loginError(run.page)).toHaveCount(0);
}

async function expectTokensStored(run: LoginRun, snapshot: SnapshotFrom<Login>): Promise<void> {
  const expected = {
    access: await realToken(run.page, snapshot.context.accessToken),
    refresh: await realToken(run.page, snapshot.context.refreshToken),
  };
  await expectStored(run.page, expected);
}

const loginUi: UiModel<Login> = {
  model: uiLoginModel,
  clock: CLOCK_INSTALLED_AT,
  async start(run) {
    const { page, held, path } = run;
    await pauseClock(page);
    await holdAuthCalls(held);
    // The guard sends a visitor who asked for a dashboard page to the card, remembering the page.
    await page.goto(submits(path)[0]?.redirectTo ?? '/auth/login');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(sessionOverlay(page), 'the session found no tokens and lingers').toBeVisible();
    await page.clock.runFor(OVERLAY_LINGER);
    await expect(sessionOverlay(page)).toBeHidden();
    if (renewsSession(path)) {
      // Spec §8: 422 renews with the stored refresh token. An earlier session left it; it is written
      // by this page itself, which fires no storage event here (the session does not react).
      const refresh = await realToken(page, 'refresh-0');
      await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
        REFRESH_TOKEN_KEY,
        refresh,
      ] as const);
    }
  },
  events: {
    'login.submit': async (run, event) => {
      await submitLogin(run.page, event as LoginEvent);
    },
    'xstate.done.actor.0.login.authenticating': async (run, event) => {
      await run.held.answer('login', await tokenPairAnswer(run.page, outputOf<LoginTokens>(event)));
    },
    'xstate.error.actor.0.login.authenticating': async (run, event) => {
      await run.held.answer('login', failureAnswer(errorOf(event)));
    },
    'xstate.done.actor.0.login.renewingSession': async (run, event) => {
      await run.held.answer('refresh', await tokenPairAnswer(run.page, outputOf<LoginTokens>(event)));
    },
    'xstate.error.actor.0.login.renewingSession': async (run, event) => {
      await run.held.answer('refresh', failureAnswer(errorOf(event)));
    },
    'xstate.done.actor.0.login.loadingUser': async (run, event) => {
      await run.held.answer('profile', { json: outputOf(event) });
    },
    'xstate.error.actor.0.login.loadingUser': async (run, event) => {
      await run.held.answer('profile', failureAnswer(errorOf(event)));
    },
  },
  states: {
    'login.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expect(loginButton(page)).toBeEnabled();
      await expect(loginError(page)).toHaveCount(0);
    },
    'login.authenticating': async (run) => {
      await expectFormBusy(run);
      await expectHeld(run.held, 'login', 1);
    },
    'login.renewingSession': async (run) => {
      await expectFormBusy(run);
      await expectHeld(run.held, 'refresh', 1);
    },
    'login.storingTokens': async (run, snapshot) => {
      await expectFormBusy(run);
      await expectTokensStored(run, snapshot);
      expect(run.held.count('profile'), 'the user is loaded after the storage event').toBe(0);
    },
    'login.loadingUser': async (run, snapshot) => {
      await expectFormBusy(run);
      await expectTokensStored(run, snapshot);
      await expectHeld(run.held, 'profile', 1);
    },
    'login.succeeded': async (run, snapshot) => {
      const user = outputOf<ProfileUser>(run.path.steps[run.step]!.event);
      await expect(run.page).toHaveURL((url) => url.pathname === snapshot.context.redirectTo);
      await expect(userMenu(run.page, user), 'the dashboard greets the loaded user').toBeVisible();
    },
    'login.failed': async ({ page }, snapshot) => {
      await expect(loginError(page)).toHaveText(snapshot.context.error ?? '');
      await expect(loginButton(page)).toBeEnabled();
      await expect(page).toHaveURL(/\/auth\/login$/);
      // The branches that log out clear what the attempt stored; the others stored nothing.
      await expectStored(page, { access: null, refresh: null });
    },
  },
};

test.use({ trace: LEAN_TRACE });

const uiPaths = await coveringPaths(uiLoginModel);

test('the login UI paths reach every state and transition of the login machine', async () => {
  expect(await leftOutByTheUi(loginModel, uiPaths)).toEqual([]);
});

describeUiModel(loginUi, uiPaths);
