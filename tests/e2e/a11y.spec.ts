/**
 * Accessibility of every dashboard screen (issue 15 finding 8): axe-core with the WCAG 2.0 A and AA and
 * WCAG 2.1 AA rules finds nothing on the home, users, create and edit user, feeds, create and edit feed,
 * profile and not-found screens, in light mode, on a desktop (1440 × 900) and a phone (375 × 812); on
 * the phone no page scrolls sideways (a wide table scrolls inside its own labelled region instead).
 *
 * Each screen is checked once it has settled (its requests answered, the session overlay gone), with
 * the demo admin signed in. The edit screens open the first user and feed the lists link to.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import type { AxeViolations } from './axe';
import { signInAsAdmin } from './model/admin-session';
import { EXPECT_TIMEOUT } from './timing';

/** The WCAG rule sets the issue asks for. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** A dashboard screen: its name, and how to reach its URL (the edit screens ask a list first). */
interface Screen {
  name: string;
  url: (page: Page) => Promise<string>;
  /** What shows once the screen is there. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** The URL of the first link named `name` on the list at `listUrl`. */
async function firstLinkOf(page: Page, listUrl: string, name: RegExp): Promise<string> {
  await page.goto(listUrl);
  const link = page.getByRole('link', { name }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href, `a ${String(name)} link on ${listUrl}`).toMatch(/^\/dashboard\//);
  return href!;
}

const SCREENS: Screen[] = [
  { name: 'home', url: async () => '/dashboard', ready: heading('Dashboard') },
  { name: 'users', url: async () => '/dashboard/users', ready: heading('Users') },
  { name: 'create user', url: async () => '/dashboard/users/create', ready: heading('Create user') },
  {
    name: 'edit user',
    url: (page) => firstLinkOf(page, '/dashboard/users', /^Edit User/),
    ready: heading('Edit user'),
  },
  { name: 'feeds', url: async () => '/dashboard/feeds', ready: heading('Feeds') },
  { name: 'create feed', url: async () => '/dashboard/feeds/create', ready: heading('Create Feed') },
  {
    name: 'edit feed',
    url: (page) => firstLinkOf(page, '/dashboard/feeds', /^Edit feed/),
    ready: heading('Edit Feed'),
  },
  { name: 'profile', url: async () => '/dashboard/profile', ready: heading('Profile') },
  {
    name: 'not found',
    url: async () => '/dashboard/no-such-screen',
    ready: async (page) => {
      await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    },
  },
];

/** Waits until the screen's requests are answered and the session overlay has gone. */
async function settle(page: Page, screen: Screen): Promise<void> {
  await screen.ready(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Loading your session' })).toHaveCount(0);
  // The overlay lingers 500 ms (spec §4), skeletons fade; axe must see the settled screen.
  await page.waitForTimeout(700);
}

/** One line per violation and node: the rule, its impact and the element's selector. */
function describeViolations(violations: AxeViolations): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${node.target.join(' ')} — ${violation.help}`,
    ),
  );
}

// One test per width walks every screen (signing in and starting a browser once per width, not per
// screen); soft assertions report every screen's violations, not only the first screen's.
for (const viewport of VIEWPORTS) {
  test(`${viewport.name} ${viewport.width}×${viewport.height}: every dashboard screen has no axe violations (WCAG 2.1 AA)${viewport.width < 768 ? ' and does not scroll sideways' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(SCREENS.length * EXPECT_TIMEOUT * 2);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsAdmin(page);
    for (const screen of SCREENS) {
      await test.step(screen.name, async () => {
        const url = await screen.url(page);
        await page.goto(url);
        await settle(page, screen);
        const violations = await axeViolations(page, WCAG_TAGS);
        expect.soft(describeViolations(violations), `axe on ${url}`).toEqual([]);
        if (viewport.width < 768) {
          const widths = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            client: document.documentElement.clientWidth,
          }));
          expect
            .soft(widths.scroll, `${url} is ${widths.scroll}px wide in a ${widths.client}px window`)
            .toBeLessThanOrEqual(widths.client);
        }
      });
    }
  });
}
