// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProfile, logout as logoutOnServer } from '@/api/auth';
import { ApiError } from '@/api/client';
import { LOGOUT_CLEAR_DELAY, LOGOUT_REDIRECT_DELAY, OVERLAY_LINGER } from '@/machines/session.machine';
import { system } from '@/ui/system';
import { httpFailure } from '@test-support/api-errors';
import { aUser } from '@test-support/builders';
import { SessionOverlay } from './SessionOverlay';
import { SessionProvider, useSession, useSessionActorRef } from './session';
import { UiEffectsProvider } from './ui-effects';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  login: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
}));

const ADA = aUser();

/** Prints what useSession returns and the current path, with buttons for its actions. */
function Probe() {
  const session = useSession();
  const actorRef = useSessionActorRef();
  const location = useLocation();
  return (
    <div>
      <output data-testid="session">
        {`${session.status} ${session.user?.first_name ?? '-'} loggingOut=${String(session.isLoggingOut)} error=${session.error ?? '-'}`}
      </output>
      <output data-testid="path">{location.pathname}</output>
      <button onClick={() => session.logout('/')}>Log out</button>
      <button onClick={() => actorRef.send({ type: 'session.errorSet', message: 'Oops' })}>Break</button>
      <Link to="/dashboard/users">Users</Link>
    </div>
  );
}

function renderSession() {
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <UiEffectsProvider>
          <SessionProvider>
            <Probe />
            <SessionOverlay />
          </SessionProvider>
        </UiEffectsProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const sessionText = () => screen.getByTestId('session').textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.clear();
  localStorage.setItem('access_token', 'access-1');
  localStorage.setItem('refresh_token', 'refresh-1');
  vi.mocked(fetchProfile).mockResolvedValue(ADA);
  vi.mocked(logoutOnServer).mockResolvedValue({ message: 'Logged out' });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('SessionProvider, useSession and SessionOverlay', () => {
  it('covers the screen while loading and removes the overlay OVERLAY_LINGER ms after', async () => {
    renderSession();
    expect(sessionText()).toBe('loading - loggingOut=false error=-');
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeTruthy();
    await advance(0);
    expect(sessionText()).toBe('loggedIn Ada loggingOut=false error=-');
    expect(screen.queryByRole('status', { name: 'Loading your session' })).toBeTruthy();
    await advance(OVERLAY_LINGER - 1);
    expect(screen.queryByRole('status', { name: 'Loading your session' })).toBeTruthy();
    await advance(1);
    expect(screen.queryByRole('status', { name: 'Loading your session' })).toBeNull();
  });

  it('logs out through the spec sequence and navigates to the target', async () => {
    renderSession();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(sessionText()).toContain('loggingOut=true');
    await advance(0);
    expect(logoutOnServer).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));
    expect(sessionText()).toBe('loggedOut - loggingOut=true error=-');
    await advance(LOGOUT_CLEAR_DELAY);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/dashboard');
    await advance(LOGOUT_REDIRECT_DELAY);
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(sessionText()).toBe('loggedOut - loggingOut=false error=-');
  });

  it('clears the error on every route change', async () => {
    renderSession();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Break' }));
    expect(sessionText()).toContain('error=Oops');
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(screen.getByTestId('path').textContent).toBe('/dashboard/users');
    expect(sessionText()).toContain('error=-');
  });

  it('tells, while the server cannot be reached, when the next try is, and tries at once on Try now (issue 27)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.UTC(2025, 5, 2, 9, 0, 0) });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(fetchProfile).mockRejectedValueOnce(httpFailure(500));
    renderSession();
    await advance(0);
    const notice = screen.getByRole('status', { name: 'The server cannot be reached' });
    const nextTry = Date.UTC(2025, 5, 2, 9, 0, 1);
    expect(notice.textContent).toContain(
      `Next try at ${new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' }).format(nextTry)}.`,
    );
    expect(notice.querySelector('time')?.getAttribute('datetime')).toBe(new Date(nextTry).toISOString());
    expect(sessionText()).toBe('loading - loggingOut=false error=-');
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(reported).toHaveBeenCalledWith('Session: profile load failed', expect.any(ApiError));

    fireEvent.click(screen.getByRole('button', { name: 'Try now' }));
    await advance(0);
    expect(fetchProfile).toHaveBeenCalledTimes(2);
    expect(sessionText()).toBe('loggedIn Ada loggingOut=false error=-');
    expect(screen.queryByRole('status', { name: 'The server cannot be reached' })).toBeNull();
    reported.mockRestore();
  });
});
