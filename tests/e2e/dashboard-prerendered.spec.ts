/**
 * Issue 31 "no waterfall in the dashboard": the dashboard's home and users list arrive as HTML with
 * their shell, titles and loading skeletons under the session's overlay, inert until the app takes
 * that HTML over (hydrates it) for a stored admin session, so nothing typed or pressed before then is
 * lost. A visitor without one gets the page drawn afresh and the login screen (auth.spec.ts).
 */
import { holdRequests } from './held-requests';
import { collectPageErrors, ENTRY_SCRIPT, isReactOwned } from './prerendered';
import { expect, test } from './fixtures';
import { storeSession } from './sign-in';

for (const [path, heading] of [
  ['/dashboard', 'Dashboard'],
  ['/dashboard/users', 'Users'],
] as const) {
  test(`${path} arrives with its shell, inert until the app hydrates it without a mismatch`, async ({
    page,
  }) => {
    await storeSession(page);
    const errors = collectPageErrors(page);
    const releaseEntry = await holdRequests(page, ENTRY_SCRIPT);
    await page.goto(path, { waitUntil: 'commit' });
    // Inert content is out of the accessibility tree, so the heading is found by its element.
    const h1 = page.locator('h1', { hasText: heading });
    await expect(h1).toBeVisible();
    await expect(page.locator('#root [inert]'), 'not usable before the app runs').toHaveCount(1);
    await h1.evaluate((element) => element.setAttribute('data-prerendered', ''));
    releaseEntry();

    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('#root [inert]')).toHaveCount(0);
    expect(await isReactOwned(h1), 'React took over the heading the HTML brought').toBe(true);
    await expect(h1).toHaveAttribute('data-prerendered', '');
    expect(errors).toEqual([]);
  });
}
