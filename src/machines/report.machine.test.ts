import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NETWORK_FAILURE_MESSAGE } from '@/api/client';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import { httpFailure, networkFailure, tokensExpired } from '@test-support/api-errors';
import { settle } from '@test-support/deferred';
import { heldPromiseActor } from '@test-support/fake-actors';
import { REPORT_FAILED_TITLE, reportErrorMessage, reportMachine, selectIsGenerating } from './report.machine';
import type { ReportEmitted } from './report.machine';
import { uiToast } from './ui-effects';

afterEach(() => {
  vi.restoreAllMocks();
});

const REQUEST: ReportRequest = { kind: 'orders', start_date: '2025-05-26', end_date: '2025-06-02' };
const FILE: ReportFile = {
  blob: new Blob(['%PDF-1.3'], { type: 'application/pdf' }),
  filename: 'user-orders-report-2025-05-26-to-2025-06-02.pdf',
};

/** A report actor whose download answers with a deferred the test settles, and a fake saveFile. */
function startReport() {
  const download = heldPromiseActor<ReportFile, ReportRequest>();
  const saved: ReportFile[] = [];
  const actor = createActor(
    reportMachine.provide({
      actors: { download: download.logic },
      actions: { saveFile: (_, params: ReportFile) => saved.push(params) },
    }),
  );
  const emitted: ReportEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls: download.calls, saved, emitted };
}

describe('reportMachine', () => {
  it('generates, saves the file under the server name and returns to idle', async () => {
    const { actor, calls, saved, emitted } = startReport();
    expect(selectIsGenerating(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'report.generate', request: REQUEST });
    expect(actor.getSnapshot().value).toBe('downloading');
    expect(selectIsGenerating(actor.getSnapshot())).toBe(true);
    expect(calls.map((call) => call.input)).toEqual([REQUEST]);

    // A second click while busy does not start another download.
    actor.send({ type: 'report.generate', request: { ...REQUEST, start_date: '2025-01-01' } });
    expect(calls).toHaveLength(1);

    calls[0]?.answer.resolve(FILE);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(saved).toEqual([FILE]);
    // The browser's download is the feedback; nothing else is asked of the screen.
    expect(emitted).toEqual([]);
  });

  it('logs an HTTP failure and toasts a title with the reason in words, not the status', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, calls, saved, emitted } = startReport();
    actor.send({ type: 'report.generate', request: REQUEST });
    const failure = httpFailure(500);
    calls[0]?.answer.reject(failure);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(saved).toEqual([]);
    expect(emitted).toEqual([uiToast('error', REPORT_FAILED_TITLE, 'Request failed with status 500')]);
    expect(log, "spec §8's text, kept for the console").toHaveBeenCalledWith(
      'Report download failed: HTTP error! status: 500',
      failure,
    );

    // It can be tried again.
    actor.send({ type: 'report.generate', request: REQUEST });
    expect(calls).toHaveLength(2);
  });

  it('logs a network failure and toasts the client message as the reason (there is no status)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, calls, emitted } = startReport();
    actor.send({ type: 'report.generate', request: REQUEST });
    calls[0]?.answer.reject(networkFailure());
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([uiToast('error', REPORT_FAILED_TITLE, NETWORK_FAILURE_MESSAGE)]);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("words the spec's internal text 'HTTP error! status: {code}' (never shown, issue 30)", () => {
    expect(reportErrorMessage(tokensExpired())).toBe('HTTP error! status: 401');
    expect(reportErrorMessage(httpFailure(400, 'end_date must not be before start_date'))).toBe(
      'HTTP error! status: 400',
    );
    expect(reportErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it("puts the server's reason in the toast's detail, never after the title", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, calls, emitted } = startReport();
    actor.send({ type: 'report.generate', request: REQUEST });
    calls[0]?.answer.reject(httpFailure(400, 'end_date must not be before start_date'));
    await settle();
    expect(emitted).toEqual([
      uiToast('error', 'Report download failed', 'end_date must not be before start_date'),
    ]);
  });
});
