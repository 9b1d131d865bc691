// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { fetchProfile, login } from '@/api/auth';
import { INVALID_CREDENTIALS_MESSAGE } from '@/machines/login.machine';
import { STORAGE_EVENT_DELAY, selectStatus, selectUser, sessionMachine } from '@/machines/session.machine';
import { system } from '@/ui/system';
import { httpFailure } from '@test-support/api-errors';
import { aUser } from '@test-support/builders';
import { LoginPage } from './LoginPage';
import { SessionActorContext } from '@/routes/session';
import { UiEffectsProvider } from '@/routes/ui-effects';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  login: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
}));

const ADA = aUser();

const redirects: string[] = [];
let sessionRef: ActorRefFrom<typeof sessionMachine> | undefined;

/** Shows the session's status and user, records its redirects and keeps its actor for the tests. */
function SessionProbe() {
  const actorRef = SessionActorContext.useActorRef();
  sessionRef = actorRef;
  const status = SessionActorContext.useSelector(selectStatus);
  const user = SessionActorContext.useSelector(selectUser);
  useEffect(() => {
    const subscription = actorRef.on('ui.navigate', (event) => redirects.push(event.to));
    return () => subscription.unsubscribe();
  }, [actorRef]);
  return <output data-testid="session">{`${status} ${user?.first_name ?? '-'}`}</output>;
}

/** Shows where the router is. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderLogin(state?: unknown) {
  const session = sessionMachine.provide({
    actors: { crossTabSync: fromCallback(() => undefined), screenWakeLock: fromCallback(() => undefined) },
  });
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[{ pathname: '/auth/login', state }]}>
        <UiEffectsProvider>
          <SessionActorContext.Provider logic={session}>
            <Routes>
              <Route path="/auth/login" element={<LoginPage />} />
              <Route path="*" element={null} />
            </Routes>
            <SessionProbe />
            <LocationProbe />
          </SessionActorContext.Provider>
        </UiEffectsProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

const emailInput = () => screen.getByLabelText<HTMLInputElement>('Email', { exact: false });
const passwordInput = () =>
  screen.getByLabelText<HTMLInputElement>('Password', { exact: false, selector: 'input' });
const loginButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Login' });

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Lets promise callbacks and due timers run. */
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.clear();
  redirects.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('LoginPage', () => {
  it('shows the Welcome Back card with its fields and the Login button', async () => {
    renderLogin();
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Please login to your account')).toBeTruthy();
    expect(emailInput().type).toBe('email');
    expect(passwordInput().type).toBe('password');
    // Spec §5: disabled until the form is valid.
    expect(loginButton().disabled).toBe(true);
    type(emailInput(), 'admin@example.com');
    type(passwordInput(), 'Admin123!');
    expect(loginButton().disabled).toBe(false);
  });

  it('validates each field on blur: neutral, then error or valid', async () => {
    renderLogin();
    await flush();
    expect(screen.queryByText('Required')).toBeNull();
    fireEvent.blur(emailInput());
    expect(screen.getByText('Required')).toBeTruthy();
    type(emailInput(), 'not-an-email');
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.blur(emailInput());
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    type(emailInput(), 'admin@example.com');
    fireEvent.blur(emailInput());
    expect(screen.queryByText('Invalid email address')).toBeNull();
    expect(screen.getAllByRole('img', { name: 'Valid' })).toHaveLength(1);

    type(passwordInput(), 'abc');
    fireEvent.blur(passwordInput());
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    renderLogin();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput().type).toBe('password');
  });

  it('validates on submit and sends nothing while the form is invalid', async () => {
    renderLogin();
    await flush();
    type(emailInput(), 'admin@example.com');
    expect(loginButton().disabled).toBe(true);
    // Enter submits the form even while the button is disabled.
    fireEvent.submit(emailInput().form as HTMLFormElement);
    expect(screen.getByText('Required')).toBeTruthy();
    // The machine's focus effect runs after the next frame.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement).toBe(passwordInput());
    expect(login).not.toHaveBeenCalled();
  });

  it('shows a login error in red under the form and keeps the input', async () => {
    vi.mocked(login).mockRejectedValue(httpFailure(401, 'Invalid username or password'));
    renderLogin();
    await flush();
    type(emailInput(), 'admin@example.com');
    type(passwordInput(), 'wrong-password');
    fireEvent.submit(passwordInput().form as HTMLFormElement);
    await flush();
    expect(login).toHaveBeenCalledWith(
      { email: 'admin@example.com', password: 'wrong-password' },
      expect.any(AbortSignal),
    );
    expect(screen.getByRole('alert').textContent).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(emailInput().value).toBe('admin@example.com');
    expect(passwordInput().value).toBe('wrong-password');
    expect(loginButton().disabled).toBe(false);
  });

  it('logs the session in and redirects to the location the guard remembered', async () => {
    vi.mocked(login).mockResolvedValue({ access_token: 'access-1', refresh_token: 'refresh-1' });
    vi.mocked(fetchProfile).mockResolvedValue(ADA);
    renderLogin({ from: { pathname: '/dashboard/users', search: '?page=2', hash: '' } });
    await flush();
    expect(screen.getByTestId('session').textContent).toBe('loggedOut -');
    type(emailInput(), 'admin@example.com');
    type(passwordInput(), 'Admin123!');
    fireEvent.click(loginButton());
    await flush();
    expect(loginButton().disabled).toBe(true);
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');

    await flush(STORAGE_EVENT_DELAY);
    expect(fetchProfile).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));
    expect(screen.getByTestId('session').textContent).toBe('loggedIn Ada');
    expect(redirects).toEqual(['/dashboard/users?page=2']);
  });

  it('leaves for the remembered location when another tab logs in meanwhile', async () => {
    vi.mocked(fetchProfile).mockResolvedValue(ADA);
    renderLogin({ from: { pathname: '/dashboard/users', search: '', hash: '' } });
    await flush();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login');
    act(() =>
      sessionRef?.send({ type: 'sync.tokensStored', accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    await flush();
    expect(screen.getByTestId('session').textContent).toBe('loggedIn Ada');
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/users');
    expect(redirects, 'the session itself does not redirect').toEqual([]);
  });

  it('stays when the guard turned the signed-in user away', async () => {
    vi.mocked(fetchProfile).mockResolvedValue({ ...ADA, user_type_id: 2 });
    renderLogin({ from: { pathname: '/dashboard', search: '', hash: '' }, denied: true });
    await flush();
    act(() =>
      sessionRef?.send({ type: 'sync.tokensStored', accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    await flush();
    expect(screen.getByTestId('session').textContent).toBe('loggedIn Ada');
    expect(screen.getByTestId('location').textContent).toBe('/auth/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('goes to /dashboard when no location was remembered', async () => {
    vi.mocked(login).mockResolvedValue({ access_token: 'access-1', refresh_token: 'refresh-1' });
    vi.mocked(fetchProfile).mockResolvedValue(ADA);
    renderLogin();
    await flush();
    type(emailInput(), 'admin@example.com');
    type(passwordInput(), 'Admin123!');
    fireEvent.click(loginButton());
    await flush();
    await flush(STORAGE_EVENT_DELAY);
    expect(redirects).toEqual(['/dashboard']);
  });
});
