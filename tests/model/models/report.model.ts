/**
 * Model of reportMachine (spec §2 'TRANSACTIONS REPORT' / 'ORDERS REPORT': 'Generating...' and
 * disabled while the report is made; §8 "Report download failure": logged, then
 * 'HTTP error! status: {code}' as the shared error toast, plus the server's reason when it gave one,
 * issue 15). No context: the serializer keeps the state alone, and the fixtures give one request per
 * report kind, one CSV export, and failures with an HTTP status (with and without the server's
 * reason) and without one.
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
      error: [
        new ApiError('Internal Server Error', { kind: 'http', status: 500 }),
        new ApiError('Query string: end_date must not be before start_date', {
          kind: 'http',
          status: 400,
          serverMessage: 'Query string: end_date must not be before start_date',
        }),
        new ApiError('Could not reach the server', { kind: 'network' }),
      ],
    },
  },
  stubActions: ['saveFile', 'logFailure'],
  serialize: (snapshot) => snapshot.value,
  check: ({ before, event, after, actions, emitted, started }) => {
    expect(selectIsGenerating(after), 'the button is busy exactly while generating').toBe(
      after.value === 'generating',
    );
    if (before === null) {
      expect(after.value).toBe('idle');
      return;
    }
    if (event.type === 'report.generate') {
      expect(after.value, "the button reads 'Generating...' and is disabled").toBe('generating');
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
      const status = event.error instanceof ApiError ? event.error.status : null;
      const reason = event.error instanceof ApiError ? event.error.serverMessage : null;
      const text =
        status === null
          ? (event.error as Error).message
          : `HTTP error! status: ${status}${reason === null ? '' : `: ${reason}`}`;
      expect(emitted, "spec §8: the error toast, with the server's reason (issue 15)").toEqual([
        uiToast('error', text),
      ]);
    }
  },
});
