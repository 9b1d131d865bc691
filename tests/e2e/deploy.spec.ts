/**
 * Deploys and server blips seen from an open tab (issue 27 "Deploys"): a screen whose code cannot be
 * downloaded shows the route's error element in the dashboard, with Retry, which loads it once the
 * code can be had again; when the server has meanwhile been deployed with a new version, the tab
 * reloads by itself, once, and what was typed into a form is offered back after the reload.
 *
 * A failed download is a request for the chunk aborted by `page.route`; a new version is the server's
 * index.html naming another entry script, as the app's check (`src/ui/new-version-reload.ts`) reads it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './sign-in';

/**
 * Makes every download of the chunk named `name` (Vite's `assets/<name>-<hash>.js`) fail while
 * `failing` is true; `requests` counts them.
 */
async function failChunk(page: Page, name: string) {
  const chunk = { failing: true, requests: 0 };
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    chunk.requests += 1;
    await (chunk.failing ? route.abort('failed') : route.fallback());
  });
  return chunk;
}

/** From now on the server's index.html names another entry script: a new version is deployed. */
async function deployNewVersion(page: Page) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.fallback();
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-next.js"></script></head></html>',
      });
    },
  );
}

/** The paths of the documents the tab loads from now on: its reloads. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      loads.push(new URL(request.url()).pathname);
    }
  });
  return loads;
}

/** What the app logged about the errors its routes caught (src/routes/route-errors.ts). */
function routeErrorLogs(page: Page): string[] {
  const logs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('A page could not be shown:')) {
      logs.push(message.text());
    }
  });
  return logs;
}

/** The link to a screen in the dashboard's fixed sidebar. */
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

test('a screen whose code cannot be downloaded shows the error element in the dashboard; Retry loads it', async ({
  page,
}) => {
  await signIn(page, '/dashboard/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const chunk = await failChunk(page, 'CreateUserPage');
  const loads = documentLoads(page);
  const logs = routeErrorLogs(page);

  await sidebarLink(page, 'Create user').click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(main).toContainText('The server may be unreachable, or a new version may have been released');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('DashboardUsersCreate user');
  await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(main.getByRole('button', { name: 'Reload page' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(main, 'no error message or stack on the page').not.toContainText(/dynamically|assets\//);
  expect(chunk.requests).toBe(1);
  expect(logs, 'logged once').toHaveLength(1);

  chunk.failing = false;
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create user' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/users\/create$/);
  expect(chunk.requests).toBe(2);
  expect(loads, 'the same server version: no reload').toEqual([]);
  expect(logs).toHaveLength(1);
});

test('a new version reloads the tab once; when the code still fails, the error element stays', async ({
  page,
}) => {
  await signIn(page, '/dashboard/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await failChunk(page, 'CreateUserPage');
  await deployNewVersion(page);
  const loads = documentLoads(page);

  await sidebarLink(page, 'Create user').click();
  // Retry shows only once the check has decided to keep the page (RouteError.tsx).
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/users\/create$/);
  expect(loads, 'one automatic reload, at the failed screen').toEqual(['/dashboard/users/create']);
  // Still signed in after the reload: the error is drawn in the dashboard shell.
  await expect(page.getByRole('button', { name: new RegExp(ADMIN.name) })).toBeVisible();
});

test('what was typed into a form is offered back after the automatic reload', async ({ page }) => {
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}`));
  await signIn(page, '/dashboard/users/create');
  await field('Role').selectOption('1');
  await field('First name').fill('Dana');
  await field('Last name').fill('Deploy');
  await field('Email').fill(ADMIN.email);
  await field('Company name').fill('Kept Through Deploy Ltd');
  await field('Phone').fill('020 7946 0027');
  await field('Password').fill('E2e!Passw0rd');
  await field('Password').blur();

  // The server refuses the taken email; the toast that says so needs code the new version renamed.
  await failChunk(page, 'Toasts');
  await deployNewVersion(page);
  const loads = documentLoads(page);
  // The browser's "Leave site?" prompt would be answered Cancel, as the person could, and the reload
  // would not happen: the draft is kept, so the app's reload needs no prompt.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Create user' }).click();

  await expect(page.getByText('Unsaved changes were kept')).toBeVisible();
  expect(loads).toEqual(['/dashboard/users/create']);
  expect(prompts).toEqual([]);
  await expect(field('First name')).toHaveValue('');
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(field('First name')).toHaveValue('Dana');
  await expect(field('Company name')).toHaveValue('Kept Through Deploy Ltd');
  await expect(field('Role')).toHaveValue('1');
  await expect(field('Password'), 'passwords are never kept').toHaveValue('');
});

// What a deploy serves: the built app, not the reviewer's viewer (stately/) nor node_modules.
test('the production server does not serve the viewer', async ({ request }) => {
  const answer = await request.get('/stately/session.html', { headers: { accept: 'text/html' } });
  expect(await answer.text()).not.toContain('viewer-data');
  for (const url of ['/stately/viewer.js', '/node_modules/mermaid/dist/mermaid.min.js']) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});
