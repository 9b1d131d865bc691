/**
 * datePresetMachine's generated paths through the real dashboard (issue 7): the User Orders panel's
 * period, driven by its 'Orders period' dropdown and its From / To inputs. Each state shows the
 * dropdown on the preset (or 'Custom range'), the range in From and To, and the orders list asked
 * for that range from page 1, which is what the panel's statechart (ordersPanelMachine) does with
 * every new range the period publishes.
 *
 * The page runs on the model's clock, 00:30 London time on 3 February 2025, in a browser set to Los
 * Angeles, where it is still 2 February: a preset that took the browser's day instead of London's
 * would show the wrong range.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DatePresetId } from '@/machines/datePreset.machine';
import datePresetModel from '../../model/models/datePreset.model';
import { signInAsAdmin } from './admin-session';
import { coveringPaths, describeUiModel } from './ui-model';
import type { UiModel } from './ui-model';

type DatePresetMachine = typeof datePresetModel.machine;

/** Spec §2 "User Orders panel": the dropdown's labels. */
const PRESET_LABELS: Record<DatePresetId, string> = {
  yesterday: 'Yesterday',
  today: 'Today',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
};

/** The panels always start a period without a preset, so only that input is walked. */
const INPUT = 'no preset given';
const input = datePresetModel.inputs?.[INPUT];
if (!input?.now) throw new Error(`the datePreset model has no '${INPUT}' input with a clock`);
const model = { ...datePresetModel, inputs: { [INPUT]: input } };

/** The orders list requests each page made, oldest first. */
const ordersRequests = new WeakMap<Page, URL[]>();

function panel(page: Page) {
  return page.getByRole('region', { name: 'User Orders' });
}

/** The range the screen shows and the orders list was last asked for, and that from page 1. */
async function expectRange(page: Page, range: { from: string; to: string }): Promise<void> {
  await expect(panel(page).getByLabel('From', { exact: true })).toHaveValue(range.from);
  await expect(panel(page).getByLabel('To', { exact: true })).toHaveValue(range.to);
  await expect
    .poll(() => {
      const last = ordersRequests.get(page)?.at(-1);
      return (
        last &&
        Object.fromEntries(['start_date', 'end_date', 'page'].map((key) => [key, last.searchParams.get(key)]))
      );
    }, 'the orders list asks for the period from page 1')
    .toEqual({ start_date: range.from, end_date: range.to, page: '1' });
}

const datePresetUi: UiModel<DatePresetMachine> = {
  model,
  clock: input.now(),
  start: async ({ page }) => {
    const requests: URL[] = [];
    ordersRequests.set(page, requests);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/backoffice/dashboard/orders') requests.push(url);
    });
    await signInAsAdmin(page);
    await page.goto('/dashboard');
    await expect(panel(page)).toBeVisible();
  },
  events: {
    'period.select': async ({ page }, event) => {
      if (event.type !== 'period.select') throw new Error(`not a preset choice: ${event.type}`);
      await panel(page)
        .getByRole('combobox', { name: 'Orders period' })
        .selectOption({ label: PRESET_LABELS[event.preset] });
    },
    'period.from': async ({ page }, event) => {
      if (event.type !== 'period.from') throw new Error(`not a From edit: ${event.type}`);
      await panel(page).getByLabel('From', { exact: true }).fill(event.value);
    },
    'period.to': async ({ page }, event) => {
      if (event.type !== 'period.to') throw new Error(`not a To edit: ${event.type}`);
      await panel(page).getByLabel('To', { exact: true }).fill(event.value);
    },
  },
  states: {
    'datePreset.preset': async ({ page }, { context }) => {
      if (context.preset === 'custom') throw new Error('the model is on a preset without one');
      const dropdown = panel(page).getByRole('combobox', { name: 'Orders period' });
      await expect(dropdown).toHaveValue(context.preset);
      await expect(dropdown.locator('option:checked')).toHaveText(PRESET_LABELS[context.preset]);
      await expect(dropdown.getByRole('option', { name: 'Custom range' })).toHaveCount(0);
      await expectRange(page, context);
    },
    'datePreset.custom': async ({ page }, { context }) => {
      const dropdown = panel(page).getByRole('combobox', { name: 'Orders period' });
      await expect(dropdown).toHaveValue('custom');
      await expect(dropdown.locator('option:checked')).toHaveText('Custom range');
      await expectRange(page, context);
    },
  },
};

test.use({ timezoneId: 'America/Los_Angeles' });

describeUiModel(datePresetUi, await coveringPaths(model));
