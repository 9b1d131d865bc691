// @vitest-environment jsdom
/**
 * The User Orders panel (spec §2 User Orders panel, §4 "Orders period"; issue 15) given its
 * ordersPanelMachine actor, on the model tests' clock, with a list that answers with no rows and a
 * report download that never answers.
 *
 * - The panel's one state: From and To show the panel's days.
 * - Its period (datePresetMachine, the child `period`) in each state: the dropdown on the preset
 *   (the spec's label, no 'Custom range') or on 'Custom range'; typed days in From and To while
 *   they wait for the pause; days that fail the checks with the field error on the input concerned,
 *   linked by aria-describedby, and none on the other.
 * - While a day is missing the table says it waits for both (spec §2), and while the days cannot be
 *   asked for it says to correct them; either way there is nothing to put in a report or an export.
 * - Gestures, by the event each sends to which child: the dropdown and From / To to the period, the
 *   'ORDERS REPORT' button to the report and 'Export CSV' to the export, both with the table's days.
 *
 * What the panel's statechart does with those events (a settled period moves the list from page 1,
 * days typed or invalid are never asked for) is the Node model tests' (tests/model).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import type { UserOrder } from '@/api/schemas/dashboard';
import { ordersPanelMachine, requireChild } from '@/machines/dashboardPanel.machine';
import {
  DATE_INPUT_DEBOUNCE_MS,
  DATE_PRESETS,
  FROM_AFTER_TO_MESSAGE,
  TO_BEFORE_FROM_MESSAGE,
  datePresetMachine,
} from '@/machines/datePreset.machine';
import type { DatePresetEvent } from '@/machines/datePreset.machine';
import { ordersListMachine } from '@/machines/ordersList.machine';
import type { OrderFilters } from '@/machines/ordersList.machine';
import { reportMachine } from '@/machines/report.machine';
import { settle } from '@test-support/deferred';
import { LAST_7_DAYS, PANEL_NOW, noRows, openedAt, recordChildEvents } from '@test-support/dashboard-panels';
import { heldPromiseActor } from '@test-support/fake-actors';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { ORDERS_INVALID_DAYS_TEXT, ORDERS_MISSING_DAY_TEXT, UserOrdersPanel } from './UserOrdersPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

/** Days other than any preset's at PANEL_NOW, as a shared link or Back brings them. */
const DECEMBER = { from: '2024-12-01', to: '2024-12-31' };

/**
 * The panel rendered on the dashboard opened at `search` (none: the panel keeps no URL), after its
 * period was sent `typed` (the clock then run past the inputs' pause unless `pause` is false).
 * Returns the events the screen sends the panel's children from then on.
 */
async function ordersPanelAfter({
  search,
  typed = [],
  pause = true,
}: { search?: string; typed?: DatePresetEvent[]; pause?: boolean } = {}) {
  const clock = new SimulatedClock();
  const downloads = heldPromiseActor<ReportFile, ReportRequest>();
  const { actor } = givenActor(
    ordersPanelMachine.provide({
      actors: {
        list: ordersListMachine.provide({ actors: { fetchPage: noRows<OrderFilters, UserOrder>() } }),
        report: reportMachine.provide({ actors: { download: downloads.logic } }),
      },
    }),
    { clock, input: { now: () => PANEL_NOW, ...(search === undefined ? {} : { url: openedAt(search) }) } },
  );
  const period = requireChild(actor.getSnapshot(), 'period');
  for (const event of typed) period.send(event);
  if (typed.length > 0 && pause) clock.increment(DATE_INPUT_DEBOUNCE_MS);
  // The list's first answer (no rows) has arrived.
  await settle();
  const sent = recordChildEvents(actor);
  renderScreen(<UserOrdersPanel />, { url: `/dashboard${search ?? ''}` });
  return sent;
}

const panel = () => within(screen.getByRole('region', { name: 'User Orders' }));
const dayInput = (label: 'From' | 'To') => panel().getByLabelText<HTMLInputElement>(label);
const days = () => ({ from: dayInput('From').value, to: dayInput('To').value });
const dropdown = () => panel().getByRole<HTMLSelectElement>('combobox', { name: 'Orders period' });
/** The label of the option the dropdown shows. */
const shownOption = () => dropdown().selectedOptions[0]?.textContent;
/** The inputs marked invalid, by label. */
const invalidInputs = () =>
  (['From', 'To'] as const).filter((label) => dayInput(label).getAttribute('aria-invalid') === 'true');
/** The text of the element that describes `label`'s input. */
const describedText = (label: 'From' | 'To') =>
  document.getElementById(dayInput(label).getAttribute('aria-describedby') ?? '')?.textContent;
const fileButtons = () =>
  ['ORDERS REPORT', 'Export CSV'].map(
    (name) => panel().getByRole<HTMLButtonElement>('button', { name }).disabled,
  );

describeScreenStates(ordersPanelMachine, {
  ordersPanel: async () => {
    await ordersPanelAfter({
      search: `?orders.start_date=${DECEMBER.from}&orders.end_date=${DECEMBER.to}`,
    });
    expect(days(), "From and To show the panel's days").toEqual(DECEMBER);
  },
});

describeScreenStates(datePresetMachine, {
  'datePreset.checking': { unseen: 'transient: every range is checked within the step that set it' },
  'datePreset.preset': async () => {
    await ordersPanelAfter();
    expect(dropdown().value).toBe('last7');
    expect(shownOption()).toBe(DATE_PRESETS.find(({ id }) => id === 'last7')?.label);
    expect(within(dropdown()).queryByRole('option', { name: 'Custom range' })).toBeNull();
    expect(days()).toEqual(LAST_7_DAYS);
    expect(invalidInputs()).toEqual([]);
  },
  'datePreset.custom': async () => {
    await ordersPanelAfter({ typed: [{ type: 'period.from', value: '2025-01-01' }] });
    expect(dropdown().value).toBe('custom');
    expect(shownOption()).toBe('Custom range');
    expect(days()).toEqual({ from: '2025-01-01', to: LAST_7_DAYS.to });
    expect(invalidInputs()).toEqual([]);
  },
  'datePreset.editing': async () => {
    await ordersPanelAfter({ typed: [{ type: 'period.from', value: '2025-01-05' }], pause: false });
    expect(dropdown().value).toBe('custom');
    expect(days(), 'the typed day, before its pause').toEqual({ from: '2025-01-05', to: LAST_7_DAYS.to });
    expect(invalidInputs()).toEqual([]);
  },
  'datePreset.invalid': async () => {
    await ordersPanelAfter({ typed: [{ type: 'period.from', value: '2025-02-05' }] });
    expect(dropdown().value).toBe('custom');
    expect(days(), 'the typed day stays').toEqual({ from: '2025-02-05', to: LAST_7_DAYS.to });
    expect(invalidInputs()).toEqual(['From']);
    expect(describedText('From')).toBe(FROM_AFTER_TO_MESSAGE);
    expect(dayInput('To').getAttribute('aria-describedby')).toBeNull();
  },
});

it("puts the error of To moved before From on To's input", async () => {
  await ordersPanelAfter({ typed: [{ type: 'period.to', value: '2025-01-20' }] });
  expect(invalidInputs()).toEqual(['To']);
  expect(describedText('To')).toBe(TO_BEFORE_FROM_MESSAGE);
});

it('says the table waits for both days while one is missing, with nothing to file', async () => {
  await ordersPanelAfter({ typed: [{ type: 'period.to', value: '' }] });
  expect(days()).toEqual({ from: LAST_7_DAYS.from, to: '' });
  panel().getByText(ORDERS_MISSING_DAY_TEXT);
  expect(fileButtons()).toEqual([true, true]);
});

it('says to correct days that cannot be asked for, with nothing to file', async () => {
  await ordersPanelAfter({ search: '?orders.start_date=2025-02-05&orders.end_date=2025-02-03' });
  panel().getByText(ORDERS_INVALID_DAYS_TEXT);
  expect(panel().queryByText(ORDERS_MISSING_DAY_TEXT)).toBeNull();
  expect(fileButtons()).toEqual([true, true]);
});

it('sends the period its preset and typed days', async () => {
  const sent = await ordersPanelAfter();
  fireEvent.change(dropdown(), { target: { value: 'last30' } });
  fireEvent.change(dayInput('From'), { target: { value: '2025-01-05' } });
  fireEvent.change(dayInput('To'), { target: { value: '2025-01-06' } });
  expect(sent).toEqual([
    { child: 'period', event: { type: 'period.select', preset: 'last30' } },
    { child: 'period', event: { type: 'period.from', value: '2025-01-05' } },
    { child: 'period', event: { type: 'period.to', value: '2025-01-06' } },
  ]);
});

it("asks the report for the table's days, and the export for them as a CSV", async () => {
  const sent = await ordersPanelAfter({
    search: `?orders.start_date=${DECEMBER.from}&orders.end_date=${DECEMBER.to}`,
  });
  const request = { kind: 'orders', start_date: DECEMBER.from, end_date: DECEMBER.to };
  expect(fileButtons(), 'both enabled').toEqual([false, false]);
  act(() => fireEvent.click(panel().getByRole('button', { name: 'ORDERS REPORT' })));
  act(() => fireEvent.click(panel().getByRole('button', { name: 'Export CSV' })));
  expect(sent).toEqual([
    { child: 'report', event: { type: 'report.generate', request } },
    { child: 'export', event: { type: 'report.generate', request: { ...request, format: 'csv' } } },
  ]);
});
