/**
 * Model of reportMachine, the download chart of the dashboard's reports and exports (spec §2
 * 'TRANSACTIONS REPORT' / 'ORDERS REPORT': 'Generating...' and disabled while the report is made;
 * §8 "Report download failure": logged with 'HTTP error! status: {code}'; issue 30: the error toast
 * 'Report download failed' with the reason in words as its detail, never the status). No context:
 * the serializer keeps the state alone, and the fixtures give one request per report kind, one CSV
 * export, and failures with an HTTP status (with and without the server's reason) and without one.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ReportFile } from '@/api/download';
import { reportMachine, selectIsGenerating } from '@/machines/report.machine';
import { uiToast } from '@/machines/ui-effects';
import { defineModel } from '../harness';

const PDF: ReportFile = {
  blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
  filename: 'transactions-report-2025-01-01-2025-01-08.pdf',
};

/*
 * The failures and the reason each toast gives, copied from the client's wording (the server's
 * message, else the client's) rather than made by the machine's helpers, so a drifting text fails.
 */
const CRASHED = new ApiError('Internal Server Error', { kind: 'http', status: 500 });
const REFUSED = new ApiError('Query string: end_date must not be before start_date', {
  kind: 'http',
  status: 400,
  serverMessage: 'Query string: end_date must not be before start_date',
});
const OFFLINE = new ApiError('Could not reach the server', { kind: 'network' });
const FAILURE_REASONS = new Map<unknown, string>([
  [CRASHED, 'Internal Server Error'],
  [REFUSED, 'Query string: end_date must not be before start_date'],
  [OFFLINE, 'Could not reach the server'],
]);

export default defineModel({
  machine: reportMachine,
  events: {
    'report.generate': [
      {
        type: 'report.generate',
        request: { kind: 'transactions', status: [1, 3], start_date: '2025-01-01', end_date: '2025-01-08' },
      },
      {
        type: 'report.generate',
        request: { kind: 'orders', start_date: '2025-01-01', end_date: '2025-01-08' },
      },
      {
        type: 'report.generate',
        request: { kind: 'orders', format: 'csv', start_date: '2025-01-01', end_date: '2025-01-08' },
      },
    ],
  },
  outcomes: {
    download: {
      done: [PDF],
      error: [CRASHED, REFUSED, OFFLINE],
    },
  },
  stubActions: ['saveFile', 'logFailure'],
  serialize: (snapshot) => snapshot.value,
  check: ({ before, event, after, actions, emitted, started }) => {
    expect(selectIsGenerating(after), 'the button is busy exactly while downloading').toBe(
      after.value === 'downloading',
    );
    if (before === null) {
      expect(after.value).toBe('idle');
      return;
    }
    if (event.type === 'report.generate') {
      expect(after.value, "the button reads 'Generating...' and is disabled").toBe('downloading');
      expect(started).toEqual([{ src: 'download', id: expect.any(String), input: event.request }]);
      expect(emitted).toEqual([]);
    } else if ('output' in event) {
      expect(after.value).toBe('idle');
      expect(actions, "the file is saved under the server's name").toEqual([
        { type: 'saveFile', params: PDF },
      ]);
      expect(emitted, 'the download is the feedback').toEqual([]);
    } else if ('error' in event) {
      expect(after.value).toBe('idle');
      expect(actions[0], 'the failure is logged').toEqual({
        type: 'logFailure',
        params: { error: event.error },
      });
      expect(emitted, 'issue 30: the title, and the reason in words as its detail').toEqual([
        uiToast('error', 'Report download failed', FAILURE_REASONS.get(event.error)),
      ]);
    }
  },
});
