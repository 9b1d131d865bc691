// @vitest-environment jsdom
/**
 * The Transactions panel (spec §2 Transactions panel, §8 "Report download failure"; issue 15
 * findings 3 and 6) given its transactionsPanelMachine actor, on the model tests' clock, with a list
 * that answers with no rows and report downloads the test answers.
 *
 * - The panel's one state: From and To show the panel's days, and its one period shows in both
 *   dropdowns, the filters' 'Transactions date range' and the report's 'Report period'; the status
 *   boxes show the list's statuses.
 * - Its report (reportMachine, the child `report`) in each state: 'TRANSACTIONS REPORT' enabled, then
 *   disabled and reading GENERATING_LABEL while the file is made, the export's button untouched; a
 *   failed download's toast is REPORT_FAILED_TITLE with the reason in words.
 * - While the days cannot be asked for the table says to correct them, and nothing can be filed.
 * - Gestures, by the event each sends to which child: both dropdowns and From / To to the period (so
 *   the report's dropdown sets the table's days too), a status box to the list, the report button
 *   to the report and 'Export CSV' to the export, both with the table's filters.
 *
 * The period's own states are drawn by the same controls as in the User Orders panel, and tested
 * there (UserOrdersPanel.test.tsx); what the statecharts do with the events is tests/model's.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import type { Transaction } from '@/api/schemas/dashboard';
import { requireChild, transactionsPanelMachine } from '@/machines/dashboardPanel.machine';
import { GENERATING_LABEL, REPORT_FAILED_TITLE, reportMachine } from '@/machines/report.machine';
import { transactionsListMachine } from '@/machines/transactionsList.machine';
import type { TransactionFilters } from '@/machines/transactionsList.machine';
import { ToastsOnDemand } from '@/ui/ToastsOnDemand';
import { httpFailure } from '@test-support/api-errors';
import { settle } from '@test-support/deferred';
import { PANEL_NOW, noRows, openedAt, recordChildEvents } from '@test-support/dashboard-panels';
import { heldPromiseActor } from '@test-support/fake-actors';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { CONDITION } from '@test-support/time-limits';
import { TRANSACTIONS_INCOMPLETE_TEXT, TransactionsPanel } from './TransactionsPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

// The toast container's module, loaded on the first toast, is loaded here first, so a toast shows
// as soon as it is asked for.
beforeAll(async () => {
  await import('@/ui/Toasts');
});

/** Completed and Cancelled in January 2025, as a shared link or Back brings them. */
const JANUARY = '?tx.status=1,2&tx.start_date=2025-01-01&tx.end_date=2025-01-31';
/** The report request of JANUARY's filters. */
const JANUARY_REPORT: ReportRequest = {
  kind: 'transactions',
  status: [1, 2],
  start_date: '2025-01-01',
  end_date: '2025-01-31',
};

/**
 * The panel rendered on the dashboard opened at `search`, after its report was asked for
 * `generating` (its download held until the test answers it). Returns the held downloads and the
 * events the screen sends the panel's children from then on.
 */
async function transactionsPanelAfter({
  search = JANUARY,
  generating,
}: { search?: string; generating?: ReportRequest } = {}) {
  const downloads = heldPromiseActor<ReportFile, ReportRequest>();
  const { actor } = givenActor(
    transactionsPanelMachine.provide({
      actors: {
        list: transactionsListMachine.provide({
          actors: { fetchPage: noRows<TransactionFilters, Transaction>() },
        }),
        // A failed download is logged for the developer; the test reads its toast.
        report: reportMachine.provide({
          actors: { download: downloads.logic },
          actions: { logFailure: () => {} },
        }),
      },
    }),
    // A clock nobody runs: days typed by a gesture wait for their pause, and no timer outlives the test.
    { clock: new SimulatedClock(), input: { now: () => PANEL_NOW, url: openedAt(search) } },
  );
  if (generating)
    requireChild(actor.getSnapshot(), 'report').send({ type: 'report.generate', request: generating });
  // The list's first answer (no rows) has arrived.
  await settle();
  const sent = recordChildEvents(actor);
  renderScreen(
    <>
      <TransactionsPanel />
      <ToastsOnDemand />
    </>,
    { url: `/dashboard${search}` },
  );
  return { downloads, sent };
}

const panel = () => within(screen.getByRole('region', { name: 'Transactions' }));
const dayInput = (label: 'From' | 'To') => panel().getByLabelText<HTMLInputElement>(label);
const dropdown = (name: 'Report period' | 'Transactions date range') =>
  panel().getByRole<HTMLSelectElement>('combobox', { name });
const button = (name: string) => panel().getByRole<HTMLButtonElement>('button', { name });
/** Whether 'TRANSACTIONS REPORT' and 'Export CSV' are disabled. */
const fileButtons = () => ['TRANSACTIONS REPORT', 'Export CSV'].map((name) => button(name).disabled);
/** The status boxes that are checked, by label. */
const checkedStatuses = () =>
  panel()
    .getAllByRole<HTMLInputElement>('checkbox')
    .filter((box) => box.checked)
    .map((box) => box.labels?.[0]?.textContent);

describeScreenStates(transactionsPanelMachine, {
  transactionsPanel: async () => {
    await transactionsPanelAfter();
    expect({ from: dayInput('From').value, to: dayInput('To').value }).toEqual({
      from: JANUARY_REPORT.start_date,
      to: JANUARY_REPORT.end_date,
    });
    expect(dropdown('Transactions date range').value).toBe('custom');
    expect(dropdown('Report period').value, 'the one period, in both dropdowns').toBe('custom');
    expect(checkedStatuses()).toEqual(['Completed', 'Cancelled']);
  },
});

describeScreenStates(reportMachine, {
  'report.idle': async () => {
    await transactionsPanelAfter();
    expect(fileButtons()).toEqual([false, false]);
    expect(panel().queryByRole('button', { name: GENERATING_LABEL })).toBeNull();
  },
  'report.downloading': async () => {
    await transactionsPanelAfter({ generating: JANUARY_REPORT });
    expect(panel().queryByRole('button', { name: 'TRANSACTIONS REPORT' })).toBeNull();
    expect(button(GENERATING_LABEL).disabled).toBe(true);
    expect(button('Export CSV').disabled, "the export's own button").toBe(false);
  },
});

it("shows a failed download's toast, and the report's button again", async () => {
  const { downloads } = await transactionsPanelAfter({ generating: JANUARY_REPORT });
  const failure = httpFailure(400, 'Query string: end_date must not be before start_date');
  await act(async () => {
    downloads.calls[0]?.answer.reject(failure);
    await settle();
  });
  await vi.waitFor(
    () =>
      expect(screen.getByText(REPORT_FAILED_TITLE).parentElement?.textContent).toContain(
        'end_date must not be before start_date',
      ),
    CONDITION,
  );
  expect(button('TRANSACTIONS REPORT').disabled).toBe(false);
});

it('says to correct days that cannot be asked for, with nothing to file', async () => {
  await transactionsPanelAfter({ search: '?tx.start_date=2025-02-05&tx.end_date=2025-02-03' });
  panel().getByText(TRANSACTIONS_INCOMPLETE_TEXT);
  expect(fileButtons()).toEqual([true, true]);
});

it("sends the period both dropdowns' presets and the typed days, and the list its statuses", async () => {
  const { sent } = await transactionsPanelAfter();
  fireEvent.change(dropdown('Report period'), { target: { value: 'today' } });
  fireEvent.change(dropdown('Transactions date range'), { target: { value: 'last30' } });
  fireEvent.change(dayInput('From'), { target: { value: '2025-01-05' } });
  fireEvent.change(dayInput('To'), { target: { value: '2025-01-06' } });
  // Chakra's checkbox reports its change in a state update after the click: act lets React apply it.
  await act(async () => {
    fireEvent.click(panel().getByRole('checkbox', { name: 'In review' }));
    await Promise.resolve();
  });
  expect(sent).toEqual([
    { child: 'period', event: { type: 'period.select', preset: 'today' } },
    { child: 'period', event: { type: 'period.select', preset: 'last30' } },
    { child: 'period', event: { type: 'period.from', value: '2025-01-05' } },
    { child: 'period', event: { type: 'period.to', value: '2025-01-06' } },
    { child: 'list', event: { type: 'list.filter', filters: { status: ['1', '2', '4'] } } },
  ]);
});

it("asks the report for the table's filters, and the export for them as a CSV", async () => {
  const { sent } = await transactionsPanelAfter();
  act(() => fireEvent.click(button('TRANSACTIONS REPORT')));
  act(() => fireEvent.click(button('Export CSV')));
  expect(sent).toEqual([
    { child: 'report', event: { type: 'report.generate', request: JANUARY_REPORT } },
    { child: 'export', event: { type: 'report.generate', request: { ...JANUARY_REPORT, format: 'csv' } } },
  ]);
});

it("marks the URL's order on its header and sends the list the next order of a pressed header (issue 30)", async () => {
  const { sent } = await transactionsPanelAfter({ search: `${JANUARY}&tx.sort=amount` });
  const table = panel().getByRole('table', { name: 'Transactions' });
  const sorted = within(table)
    .getAllByRole('columnheader')
    .filter((header) => header.hasAttribute('aria-sort'))
    .map((header) => `${header.textContent} ${header.getAttribute('aria-sort')}`);
  expect(sorted).toEqual(['Amount ascending']);
  // The sorted column turns descending; another column starts ascending.
  fireEvent.click(within(table).getByRole('button', { name: 'Amount' }));
  fireEvent.click(within(table).getByRole('button', { name: 'Date & Time' }));
  expect(sent).toEqual([
    { child: 'list', event: { type: 'list.filter', filters: { sort: '-amount' } } },
    { child: 'list', event: { type: 'list.filter', filters: { sort: 'date' } } },
  ]);
});
