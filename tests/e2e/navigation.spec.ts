/**
 * The way back to a list (issue 15 finding 6 "You lose your place"): the users list searched, filtered
 * by status, on page 2 and scrolled down; a user opened; then the Back link, the breadcrumb's 'Users'
 * and the browser's back button each return to the same URL, the same rows and the same scroll
 * position. Any other screen still opens at the top (spec §2 "Every route change scrolls smoothly to
 * the top").
 */
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { signInAsAdmin } from './model/admin-session';

/** How far a restored scroll may be from the saved one, in CSS px (sub-pixel rounding). */
const SCROLL_TOLERANCE = 2;

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const editLinks = (page: Page) => usersTable(page).getByRole('link', { name: /^Edit User/ });

/** The text of every row of the table, in order (what "the same rows" compares). */
async function rowTexts(page: Page): Promise<string[]> {
  return (await usersTable(page).getByRole('row').allInnerTexts()).slice(1);
}

/** The window's vertical scroll offset, in px. */
function scrollTop(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/**
 * Searches, filters and pages the users list through its own controls, scrolls to a row far down
 * page 2, and returns what must come back: the URL, the rows, the scroll offset and that row's link.
 */
async function placeInUsersList(page: Page) {
  await page.goto('/dashboard/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('a');
  await expect(page).toHaveURL(/query=a/);
  await page.getByRole('button', { name: /^Filter by Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Active', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=1/);
  await page.getByRole('button', { name: 'Next' }).first().click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Page 2' }).first()).toHaveAttribute('aria-current', 'page');
  // Page 2's own rows, not page 1's shown while it loads.
  await page.waitForLoadState('networkidle');
  await expect(editLinks(page).nth(30)).toBeVisible();

  const link = editLinks(page).nth(30);
  await link.scrollIntoViewIfNeeded();
  // Held still, so the offset the app heard last is the one read here.
  await page.waitForTimeout(300);
  const place = {
    url: page.url(),
    rows: await rowTexts(page),
    scroll: await scrollTop(page),
    link,
  };
  expect(place.scroll, 'the list is scrolled well down').toBeGreaterThan(500);
  expect(new URL(place.url).search).toMatch(/query=a/);
  return place;
}

/** Opens the user of `link` and waits for the edit screen; it starts at the top. */
async function openUser(page: Page, link: Locator) {
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/users\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
  await expect.poll(() => scrollTop(page), { message: 'another screen opens at the top' }).toBe(0);
}

/** The list is back: same URL, same rows, same scroll offset. */
async function expectSamePlace(page: Page, place: Awaited<ReturnType<typeof placeInUsersList>>) {
  await expect(page).toHaveURL(place.url);
  await expect(page.getByRole('button', { name: 'Page 2' }).first()).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => rowTexts(page), { message: 'the same rows' }).toEqual(place.rows);
  await expect
    .poll(async () => Math.abs((await scrollTop(page)) - place.scroll), {
      message: 'the scroll offset is back',
    })
    .toBeLessThanOrEqual(SCROLL_TOLERANCE);
}

// One walk: the list is placed once, and each way back must restore that same place, which is where
// the next way starts from (placing it pages through over a hundred users; three times was 45 s of
// a CI run, issue 28).
test('the Back link, the breadcrumb and the browser each return to the same URL, rows and scroll; another screen opens at the top', async ({
  page,
}) => {
  // Pages through a list of over a hundred users, then opens a user and returns three times.
  test.slow();
  await signInAsAdmin(page);
  const place = await placeInUsersList(page);

  await test.step('the Back link', async () => {
    await openUser(page, place.link);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectSamePlace(page, place);
  });

  await test.step("the breadcrumb's Users", async () => {
    await openUser(page, place.link);
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Users' });
    await expect(crumb).toHaveAttribute('href', new URL(place.url).pathname + new URL(place.url).search);
    await crumb.click();
    await expectSamePlace(page, place);
  });

  await test.step("the browser's back button", async () => {
    await openUser(page, place.link);
    await page.goBack();
    await expectSamePlace(page, place);
  });

  await test.step('a link from the scrolled list to another screen opens it at the top', async () => {
    // The sidebar stays in view, so following its link scrolls nothing by itself.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => scrollTop(page)).toBe(0);
  });
});
