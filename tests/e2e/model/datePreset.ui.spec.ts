/**
 * datePresetMachine's generated paths through the real dashboard (issue 7, issue 15): the User Orders
 * panel's period, driven by its 'Orders period' dropdown, its From / To inputs, and the URL (a move of
 * the browser's history, which the list follows and hands to the period as `period.set`). Each
 * settled state shows the dropdown on the preset (or 'Custom range'), the range in From and To, and
 * the orders list asked for that range from page 1 (or, with a day missing, the table asking for
 * both), which is what the panel's statechart (ordersPanelMachine) does with every settled range;
 * `editing` shows the typed days; `invalid` shows the field error on its input, linked by
 * aria-describedby, and the orders list never asked for those days.
 *
 * The page runs on the model's clock, 00:30 London time on 3 February 2025, in a browser set to Los
 * Angeles, where it is still 2 February: a preset that took the browser's day instead of London's
 * would show the wrong range.
 */
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import type { DatePresetId } from '@/machines/datePreset.machine';
import datePresetModel from '../../model/models/datePreset.model';
import { signInAsAdmin } from './admin-session';
import { pauseClockAhead } from './dashboard-panel-ui';
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
  return page.getByRole('region', { name: 'User Orders', exact: true });
}

/** The days the inputs show. */
async function expectDays(page: Page, range: { from: string; to: string }): Promise<void> {
  await expect(panel(page).getByLabel('From', { exact: true })).toHaveValue(range.from);
  await expect(panel(page).getByLabel('To', { exact: true })).toHaveValue(range.to);
}

/** Neither input in error. */
async function expectNoFieldError(page: Page): Promise<void> {
  for (const label of ['From', 'To']) {
    await expect(panel(page).getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  }
}

/**
 * The range the screen shows and the orders list was last asked for, and that from page 1; with a
 * day missing, nothing is asked (spec §2) and the table says so.
 */
async function expectRange(page: Page, range: { from: string; to: string }): Promise<void> {
  await expectDays(page, range);
  await expectNoFieldError(page);
  if (range.from === '' || range.to === '') {
    await expect(panel(page).getByText('Choose both From and To dates to see orders.')).toBeVisible();
    return;
  }
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
  // Each dashboard panel runs a period; the replay follows the User Orders panel's.
  parent: 'ordersPanel',
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
    // A step's gesture on a busy machine can outlast the inputs' pause (a typed day settling before
    // the next step); time moves only when a step runs the clock.
    await pauseClockAhead(page);
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
    // The browser's history moves to days of the panel's URL keys (as Back or a link would); the
    // router hears it through popstate, the list follows, and the panel hands the days to the period.
    'period.set': async ({ page }, event) => {
      if (event.type !== 'period.set') throw new Error(`not a set range: ${event.type}`);
      const search = new URLSearchParams({
        'orders.start_date': event.range.from,
        'orders.end_date': event.range.to,
      });
      await page.evaluate((query) => {
        window.history.pushState(window.history.state, '', `/dashboard?${query}`);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, search.toString());
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
    'datePreset.editing': async ({ page }, { context }) => {
      await expect(panel(page).getByRole('combobox', { name: 'Orders period' })).toHaveValue('custom');
      await expectDays(page, context);
    },
    'datePreset.invalid': async ({ page }, { context }) => {
      const { error } = context;
      if (error === null) throw new Error('the model is invalid without an error');
      await expect(panel(page).getByRole('combobox', { name: 'Orders period' })).toHaveValue('custom');
      await expectDays(page, context);
      const input = panel(page).getByLabel(error.field === 'from' ? 'From' : 'To', { exact: true });
      const other = panel(page).getByLabel(error.field === 'from' ? 'To' : 'From', { exact: true });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(other).not.toHaveAttribute('aria-invalid', 'true');
      const describedBy = await input.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(error.message);
      const asked = (ordersRequests.get(page) ?? []).map((url) => [
        url.searchParams.get('start_date'),
        url.searchParams.get('end_date'),
      ]);
      expect(asked, 'days that fail the checks are never asked for').not.toContainEqual([
        context.from,
        context.to,
      ]);
    },
    // A choice point the machine passes through within a step; no snapshot rests there.
    'datePreset.checking': async () => {
      throw new Error('datePreset.checking is transient and is never shown');
    },
  },
};

test.use({ timezoneId: 'America/Los_Angeles' });

describeUiModel(datePresetUi, await coveringPaths(model));
