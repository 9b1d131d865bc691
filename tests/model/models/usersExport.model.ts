/**
 * Model of usersExportMachine (issue 15 "CSV export of the current filtered view of users"): the
 * file is asked for with exactly the list's filters (unknown statuses and orders dropped), saved
 * under the server's name, and a failure is logged and shown as the error toast 'Failed to export
 * users' with the reason in words as its detail (issue 30). No context: the serializer keeps the
 * state alone.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ReportFile } from '@/api/download';
import { uiToast } from '@/machines/ui-effects';
import { selectIsExporting, usersExportMachine } from '@/machines/usersExport.machine';
import { defineModel } from '../harness';

/*
 * The reason of each failure fixture's toast, copied from issue 15 (the server's message, else the
 * client's) rather than made by the machine's helpers, so a text that drifts in the machine fails
 * here (issue 17); the title is 'Failed to export users' alone (issue 30).
 */
const FORBIDDEN = new ApiError('Forbidden', { kind: 'http', status: 403, serverMessage: 'Admins only' });
const OFFLINE = new ApiError('Could not reach the server', { kind: 'network' });
const FAILURE_REASONS = new Map<unknown, string>([
  [FORBIDDEN, 'Admins only'],
  [OFFLINE, 'Could not reach the server'],
]);

const CSV: ReportFile = {
  blob: new Blob(['id,first_name\n2,Grace\n'], { type: 'text/csv' }),
  filename: 'users-2026-11-23.csv',
};

export default defineModel({
  machine: usersExportMachine,
  events: {
    'export.start': [
      { type: 'export.start', filters: { query: ' grace ', status: ['2', 'x'], sort: '-orders' } },
      { type: 'export.start', filters: { query: '', status: [], sort: 'bogus' } },
    ],
  },
  outcomes: {
    download: {
      done: [CSV],
      error: [FORBIDDEN, OFFLINE],
    },
  },
  stubActions: ['saveFile', 'logFailure'],
  serialize: (snapshot) => snapshot.value,
  check: ({ before, event, after, actions, emitted, started }) => {
    expect(selectIsExporting(after), 'the button is busy exactly while exporting').toBe(
      after.value === 'downloading',
    );
    if (before === null) {
      expect(after.value).toBe('idle');
      return;
    }
    if (event.type === 'export.start') {
      expect(after.value, 'the button is busy and disabled').toBe('downloading');
      const expected =
        event.filters.sort === '-orders'
          ? { query: 'grace', status: [2], sort: { column: 'orders', descending: true } }
          : { query: '', status: [], sort: null };
      expect(started, "the file holds the list's filters").toEqual([
        { src: 'download', id: expect.any(String), input: expected },
      ]);
      expect(emitted).toEqual([]);
    } else if ('output' in event) {
      expect(after.value).toBe('idle');
      expect(actions, "the file is saved under the server's name").toEqual([
        { type: 'saveFile', params: CSV },
      ]);
      expect(emitted, 'the download is the feedback').toEqual([]);
    } else if ('error' in event) {
      expect(after.value).toBe('idle');
      expect(actions[0], 'the failure is logged').toEqual({
        type: 'logFailure',
        params: { error: event.error },
      });
      expect(emitted, 'the error toast says why').toEqual([
        uiToast('error', 'Failed to export users', FAILURE_REASONS.get(event.error)),
      ]);
    }
  },
});
