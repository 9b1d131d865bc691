// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppLocation } from '@/machines/list.machine';
import { UiEffectsProvider, useLocationSubscription } from './ui-effects';

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
