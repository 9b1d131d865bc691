/**
 * reportMachine's generated paths through the dashboard (issue 7; spec §2 'TRANSACTIONS REPORT' /
 * 'ORDERS REPORT', §8 "Report download failure"). The admin is signed in through the API; the
 * clock is fixed so the report periods are known days.
 * - `report.generate` → set the panel's filters to the fixture request (status boxes, a period whose
 *   days are the request's: for transactions through the 'TRANSACTIONS REPORT' period dropdown,
 *   which sets the table's filters, issue 15), click the report button (or 'Export CSV' for a CSV),
 *   and check the request the button made carries exactly those filters, the table's;
 * - the `download` actor's outcome → the held report request answered: the fixture's PDF with its
 *   file name (the browser must download it under that name), the fixture error's status with a
 *   message (the error toast must read 'HTTP error! status: {code}'), or no answer (the toast shows
 *   the client's message);
 * - `idle` → both report buttons enabled with their labels; `generating` → the requested panel's
 *   button disabled reading 'Generating...' while its request is held.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import { DATE_PRESETS, presetRange } from '@/machines/datePreset.machine';
import { GENERATING_LABEL, reportErrorMessage } from '@/machines/report.machine';
import type { reportMachine } from '@/machines/report.machine';
import reportModel from '../../model/models/report.model';
import { signInAsAdmin } from './admin-session';
import { answerForError, coveringPaths, describeUiModel } from './ui-model';
import type { UiModel } from './ui-model';

/** London noon on the fixtures' last report day, so 'Last 7 days' is 2025-01-01 to 2025-01-08. */
const NOW = new Date('2025-01-08T12:00:00Z');
const BUTTON_LABELS = { transactions: 'TRANSACTIONS REPORT', orders: 'ORDERS REPORT' } as const;
const PANEL_TITLES = { transactions: 'Transactions', orders: 'User Orders' } as const;
/** Report and export downloads, both kinds. */
const REPORT_URL = /\/api\/backoffice\/dashboard\/(transactions|orders)\/(report|export\.csv)(\?|$)/;

/** The button that asks for `request`'s file: the panel's report, or 'Export CSV' for a CSV. */
function buttonLabel(request: ReportRequest): string {
  return request.format === 'csv' ? 'Export CSV' : BUTTON_LABELS[request.kind];
}

function panel(page: Page, kind: ReportRequest['kind']): Locator {
  return page.getByRole('region', { name: PANEL_TITLES[kind], exact: true });
}

/** The request of the last `report.generate` up to the current step. */
function lastRequest(
  path: { steps: ReadonlyArray<{ event: { type: string } }> },
  step: number,
): ReportRequest {
  const event = path.steps
    .slice(0, step + 1)
    .map((each) => each.event)
    .findLast(
      (each): each is { type: 'report.generate'; request: ReportRequest } => each.type === 'report.generate',
    );
  if (!event) throw new Error('no report.generate before this step');
  return event.request;
}

/** Makes the panel's filters those of `request`: the status boxes and the report period. */
async function setFilters(page: Page, request: ReportRequest): Promise<void> {
  const section = panel(page, request.kind);
  const preset = DATE_PRESETS.find(({ id }) => {
    const range = presetRange(id, NOW);
    return range.from === request.start_date && range.to === request.end_date;
  });
  if (!preset) throw new Error(`no report period gives ${request.start_date} to ${request.end_date}`);
  const periodLabel = request.kind === 'transactions' ? 'Report period' : 'Orders period';
  await section.getByRole('combobox', { name: periodLabel }).selectOption({ label: preset.label });
  if (request.kind === 'transactions') {
    for (const [code, label] of [
      [1, 'Completed'],
      [2, 'Cancelled'],
      [3, 'In progress'],
      [4, 'In review'],
    ] as const) {
      const box = section.getByRole('checkbox', { name: label });
      // Chakra draws its own box over the native input: the user clicks the label.
      if ((await box.isChecked()) !== request.status.includes(code)) {
        await section.locator('label').filter({ hasText: label }).click();
      }
    }
  }
}

const reportUi: UiModel<typeof reportMachine> = {
  model: reportModel,
  clock: NOW,
  start: async ({ page, held }) => {
    await signInAsAdmin(page);
    await held.hold('download', REPORT_URL, 'GET');
    await page.goto('/dashboard');
  },
  events: {
    'report.generate': async ({ page, held }, event) => {
      if (event.type !== 'report.generate') throw new Error(`unexpected ${event.type}`);
      const { request } = event;
      await setFilters(page, request);
      await panel(page, request.kind)
        .getByRole('button', { name: buttonLabel(request) })
        .click();
      const url = new URL((await held.peek('download')).url());
      const file = request.format === 'csv' ? 'export.csv' : 'report';
      expect(url.pathname).toBe(`/api/backoffice/dashboard/${request.kind}/${file}`);
      const expected: Partial<Record<string, string>> = {
        start_date: request.start_date,
        end_date: request.end_date,
      };
      if (request.kind === 'transactions' && request.status.length > 0)
        expected.status = request.status.join(',');
      expect(Object.fromEntries(url.searchParams)).toEqual(expected);
    },
    'xstate.done.actor.0.report.generating': async ({ page, held }, event) => {
      const file = (event as { output: ReportFile }).output;
      const download = page.waitForEvent('download');
      await held.answer('download', {
        body: Buffer.from(await file.blob.arrayBuffer()),
        headers: {
          'Content-Type': file.blob.type,
          'Content-Disposition': `attachment; filename="${file.filename}"`,
        },
      });
      expect((await download).suggestedFilename()).toBe(file.filename);
    },
    'xstate.error.actor.0.report.generating': async ({ page, held }, event) => {
      const { error } = event as { error: unknown };
      await held.answer('download', answerForError(error));
      await expect(page.getByRole('alert').filter({ hasText: reportErrorMessage(error) })).toBeVisible();
    },
  },
  states: {
    'report.idle': async ({ page }) => {
      for (const kind of ['transactions', 'orders'] as const) {
        await expect(panel(page, kind).getByRole('button', { name: BUTTON_LABELS[kind] })).toBeEnabled();
        await expect(panel(page, kind).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
      }
    },
    'report.generating': async ({ page, held, path, step }) => {
      const { kind } = lastRequest(path, step);
      const button = panel(page, kind).getByRole('button', { name: GENERATING_LABEL });
      await expect(button).toBeDisabled();
      expect(held.count('download')).toBe(1);
    },
  },
};

describeUiModel(reportUi, await coveringPaths(reportModel));
