// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSystem } from '@/ui/system';
import { retryingLazy, type LoadedRoute } from './lazy-route';
import { ROUTE_ERROR_TEXT, RouteError, SITE_HOME } from './RouteError';

const FAILED_DOWNLOAD = 'Failed to fetch dynamically imported module: http://localhost/assets/Screen-a1.js';

function Screen() {
  return <h1>The screen</h1>;
}

/** A router at / whose /screen route loads with `load`, with the error element every route has. */
async function mountWith(load: () => Promise<LoadedRoute>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Outlet />,
      children: [
        { index: true, element: <p>Home</p> },
        { path: 'screen', lazy: retryingLazy(load), errorElement: <RouteError home={SITE_HOME} /> },
      ],
    },
  ]);
  render(
    <ChakraProvider value={appSystem()}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  await screen.findByText('Home');
  return router;
}

afterEach(cleanup);

describe('a route loaded on first visit (issue 27 "Deploys")', () => {
  it('shows the error element when its code cannot be downloaded, and Retry downloads it again', async () => {
    const load = vi
      .fn<() => Promise<LoadedRoute>>()
      .mockRejectedValueOnce(new TypeError(FAILED_DOWNLOAD))
      .mockResolvedValue({ Component: Screen });
    const router = await mountWith(load);

    await act(() => router.navigate('/screen'));
    expect(screen.getByRole('heading', { level: 1, name: ROUTE_ERROR_TEXT.chunk.title })).toBeTruthy();
    expect(screen.getByText(ROUTE_ERROR_TEXT.chunk.reason)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(document.body.textContent, 'no message or stack on the page').not.toContain('dynamically');
    expect(load, 'the failed navigation downloads once').toHaveBeenCalledTimes(1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/screen');
    expect(load).toHaveBeenCalledTimes(2);

    await act(() => router.navigate('/'));
    await act(() => router.navigate('/screen'));
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeTruthy();
    expect(load, 'code that arrived is not downloaded again').toHaveBeenCalledTimes(2);
  });

  it('words a screen that broke as an error, without a reload, and Retry draws it again', async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new TypeError("Cannot read properties of undefined (reading 'map')");
      return <Screen />;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await mountWith(async () => ({ Component: Fragile }));

    await act(() => router.navigate('/screen'));
    expect(screen.getByRole('heading', { level: 1, name: ROUTE_ERROR_TEXT.other.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload page' })).toBeNull();
    expect(document.body.textContent).not.toContain('Cannot read');

    broken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});
