/**
 * The login machine's generated paths in the real app (issue 7): the login card at /auth/login,
 * with the login, token-refresh and profile calls held until a step answers them (see auth-ui.ts for
 * how the fixtures become real answers) and Playwright's clock standing still between steps.
 *
 * The card's input is the location state the guard left: `start` opens the page the visitor asked for
 * (the guard sends them to the card, remembering it) or the card itself. The form's gestures type,
 * leave a field, and press Enter; another tab's login is a second page writing a token pair, whose
 * profile call the session makes here is answered with the fixture user. The turned-away input needs
 * a signed-in customer; its paths reach nothing the others do not (the coverage test says so), so
 * `coveringPaths` never picks them.
 */
import { expect, test } from '../fixtures';
import type { SnapshotFrom } from 'xstate';
import type { ProfileUser } from '@/api/schemas/auth';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import { selectLoginForm } from '@/machines/login.machine';
import type { LoginEvent, LoginField, LoginTokens, loginMachine } from '@/machines/login.machine';
import { redirectTargetFrom, wasTurnedAway } from '@/machines/session-redirects';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import { paths } from '@/routes/paths';
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
  tokenPairAnswer,
  userMenu,
} from './auth-ui';
import { coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

type Login = typeof loginMachine;

/** The user another tab signed in as (the body of the session's held profile call). */
const SIGNED_IN_ELSEWHERE: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  avatar: null,
};
type LoginRun = UiRun<Login>;

const LABELS: Record<LoginField, string> = { email: 'Email', password: 'Password' };

/** A field's input, by its label. */
function input(run: LoginRun, field: LoginField) {
  return run.page.getByLabel(LABELS[field], { exact: true });
}

/** The model's state before the step being delivered. */
function snapshotBefore(run: LoginRun): SnapshotFrom<Login> {
  return run.path.steps[run.step - 1]!.state;
}

/** What every waiting state shows of the form: each field's state and message, and the Login button. */
async function expectForm(run: LoginRun, snapshot: SnapshotFrom<Login>): Promise<void> {
  const form = selectLoginForm(snapshot);
  for (const field of ['email', 'password'] as const) {
    await expect(input(run, field)).toHaveValue(snapshot.context.values[field]);
    const view = form.fields[field];
    if (view.state === 'error') await expect(input(run, field)).toHaveAttribute('aria-invalid', 'true');
    else await expect(input(run, field)).not.toHaveAttribute('aria-invalid', 'true');
    if (view.error !== null) {
      // Both fields may show the same text ('Required'): look inside this field's group.
      const group = run.page.getByRole('group').filter({ has: input(run, field) });
      await expect(group.getByText(view.error, { exact: true })).toBeVisible();
    }
  }
  const validMarks = Object.values(form.fields).filter((view) => view.state === 'valid').length;
  await expect(run.page.getByRole('img', { name: 'Valid' })).toHaveCount(validMarks);
  if (form.canSubmit) await expect(loginButton(run.page)).toBeEnabled();
  else await expect(loginButton(run.page)).toBeDisabled();
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
  model: loginModel,
  clock: CLOCK_INSTALLED_AT,
  // A submit leaves the field it was pressed in (see 'login.submit'), and an invalid one focuses the
  // first invalid field: blurs of fields the submit has just checked, which show nothing new.
  incidental: ['login.blur'],
  async start(run) {
    const { page, held, path } = run;
    await pauseClock(page);
    await holdAuthCalls(held);
    const locationState = path.input?.locationState;
    if (wasTurnedAway(locationState)) throw new Error('the UI model opens no card for a turned-away user');
    // The guard sends a visitor who asked for a dashboard page to the card, remembering the page.
    await page.goto(redirectTargetFrom(locationState) ?? paths.login);
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
    'login.change': async (run, event) => {
      const { field, value } = event as Extract<LoginEvent, { type: 'login.change' }>;
      // Typing without moving focus: `fill` would focus the field and so blur the one focused before,
      // a `login.blur` the model's step does not contain. The browser's own value setter plus an
      // input event is what React's onChange hears from typing.
      await input(run, field).evaluate((element, text) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setValue?.call(element, text);
        element.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    },
    'login.blur': async (run, event) => {
      const { field } = event as Extract<LoginEvent, { type: 'login.blur' }>;
      await input(run, field).focus();
      await input(run, field).blur();
    },
    'login.submit': async (run) => {
      const { values } = snapshotBefore(run).context;
      const valid = selectLoginForm(snapshotBefore(run)).canSubmit;
      const sent = valid
        ? run.page.waitForRequest(
            (request) => request.method() === 'POST' && request.url().endsWith('/api/backoffice/login'),
          )
        : null;
      // Enter submits the form whether or not the Login button is enabled. Focus then leaves the field
      // (a blur of a field the submit has just checked, with the same value: it shows nothing new), so a
      // later step's focus change cannot blur it again after its value changed.
      await input(run, 'email').press('Enter');
      await input(run, 'email').blur();
      if (sent !== null) {
        expect((await sent).postDataJSON(), 'the login call carries the typed credentials').toEqual(values);
      }
    },
    'login.signedInElsewhere': async (run) => {
      const other = await run.context.newPage();
      await other.goto('/api/health');
      const pair = {
        access: await realToken(run.page, 'access-3'),
        refresh: await realToken(run.page, 'refresh-3'),
      };
      await other.evaluate(
        ([keys, tokens]) => {
          localStorage.setItem(keys[0], tokens.access);
          localStorage.setItem(keys[1], tokens.refresh);
        },
        [[ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY], pair] as const,
      );
      // The session here adopts the pair and loads its user: the fixture user answers.
      await run.held.answer('profile', { json: SIGNED_IN_ELSEWHERE });
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
    'login.idle': async (run, snapshot) => {
      await expect(run.page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expectForm(run, snapshot);
      await expect(loginError(run.page)).toHaveCount(0);
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
    'login.failed': async (run, snapshot) => {
      const { page } = run;
      await expect(loginError(page)).toHaveText(snapshot.context.error ?? '');
      await expectForm(run, snapshot);
      await expect(page).toHaveURL(/\/auth\/login$/);
      // The branches that log out clear what the attempt stored; the others stored nothing.
      await expectStored(page, { access: null, refresh: null });
    },
    'login.left': async (run, snapshot) => {
      await expect(run.page).toHaveURL((url) => url.pathname === snapshot.context.redirectTo);
      await expect(
        userMenu(run.page, SIGNED_IN_ELSEWHERE),
        'the dashboard greets the other tab’s user',
      ).toBeVisible();
    },
  },
};

test.use({ trace: LEAN_TRACE });

const uiPaths = await coveringPaths(loginModel);

test('the login UI paths reach every state and transition of the login machine', async () => {
  expect(await leftOutByTheUi(loginModel, uiPaths)).toEqual([]);
});

describeUiModel(loginUi, uiPaths);
