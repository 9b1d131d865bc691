// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppLocation } from '@/machines/list.machine';
import { uiFocus } from '@/machines/ui-effects';
import type { UiEffect } from '@/machines/ui-effects';
import { UiEffectsProvider, useLocationSubscription, useUiEffectHandler } from './ui-effects';

afterEach(cleanup);

/** A screen whose actor subscribes when it mounts, as a URL-synced list does; records what it hears. */
function ListenerScreen({ heard }: { heard: AppLocation[] }) {
  const subscribe = useLocationSubscription();
  useEffect(() => subscribe((location) => heard.push(location)), [subscribe, heard]);
  return null;
}

describe('the locations machines hear (useLocationSubscription)', () => {
  it("gives a screen mounted by a navigation the new location first, not the last screen's (issue 15)", async () => {
    const heard: AppLocation[] = [];
    const router = createMemoryRouter(
      [
        {
          element: (
            <UiEffectsProvider>
              <Outlet />
            </UiEffectsProvider>
          ),
          children: [
            { path: '/dashboard/users/7/edit', element: null },
            { path: '/dashboard/users', element: <ListenerScreen heard={heard} /> },
          ],
        },
      ],
      { initialEntries: ['/dashboard/users/7/edit'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/dashboard/users?query=a&page=2'));
    expect(heard[0]).toEqual({ pathname: '/dashboard/users', search: '?query=a&page=2' });
    expect(heard.every((location) => location.search === '?query=a&page=2')).toBe(true);

    await act(() => router.navigate('/dashboard/users?query=a&page=3'));
    expect(heard.at(-1), 'then every change').toEqual({
      pathname: '/dashboard/users',
      search: '?query=a&page=3',
    });
  });
});

describe('focus requests (ui.focus)', () => {
  it('focuses an element that appears after the request, as a screen still loading after a navigation', async () => {
    let handle: ((effect: UiEffect) => void) | null = null;
    function Grab() {
      handle = useUiEffectHandler();
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <UiEffectsProvider>
              <Grab />
            </UiEffectsProvider>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    act(() => handle?.(uiFocus('late-heading')));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const heading = document.createElement('h1');
    heading.id = 'late-heading';
    heading.tabIndex = -1;
    document.body.append(heading);
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    heading.remove();
  });
});
