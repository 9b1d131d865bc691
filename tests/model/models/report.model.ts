/**
 * Model of reportMachine (spec §2 'TRANSACTIONS REPORT' / 'ORDERS REPORT': 'Generating...' and
 * disabled while the report is made; §8 "Report download failure": logged, then
 * 'HTTP error! status: {code}' as the shared error toast). No context: the serializer keeps the
 * state alone, and the fixtures give one request per report kind and one failure with and one
 * without an HTTP status.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ReportFile } from '@/api/dashboard';
import { reportMachine } from '@/machines/report.machine';
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
    ],
  },
  outcomes: {
    download: {
      done: [PDF],
      error: [
        new ApiError('Internal Server Error', { kind: 'http', status: 500 }),
        new ApiError('Could not reach the server', { kind: 'network' }),
      ],
    },
  },
  stubActions: ['saveFile', 'logFailure'],
  serialize: (snapshot) => snapshot.value,
  check: ({ before, event, after, actions, emitted, started }) => {
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
      expect(emitted, 'spec §8: the error toast').toEqual([
        uiToast('error', status === null ? (event.error as Error).message : `HTTP error! status: ${status}`),
      ]);
    }
  },
});
