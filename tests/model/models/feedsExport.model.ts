/**
 * Model of feedsExportMachine (issue 15, issue 30's one download statechart): the file is asked for
 * with the list's search (trimmed) and sort, saved under the server's name, and a failure is logged
 * and shown as the error toast 'Failed to export feeds' with the reason in words as its detail. No
 * context: the serializer keeps the state alone.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ReportFile } from '@/api/download';
import { feedsExportMachine, selectIsExporting } from '@/machines/feedsExport.machine';
import { uiToast } from '@/machines/ui-effects';
import { defineModel } from '../harness';

/*
 * The reason of each failure fixture's toast, copied from issue 15 (the server's message, else the
 * client's) rather than made by the machine's helpers, so a text that drifts in the machine fails here.
 */
const FORBIDDEN = new ApiError('Forbidden', { kind: 'http', status: 403, serverMessage: 'Admins only' });
const OFFLINE = new ApiError('Could not reach the server', { kind: 'network' });
const FAILURE_REASONS = new Map<unknown, string>([
  [FORBIDDEN, 'Admins only'],
  [OFFLINE, 'Could not reach the server'],
]);

const CSV: ReportFile = {
  blob: new Blob(['id,name\n4,Hopper store\n'], { type: 'text/csv' }),
  filename: 'feeds-2026-06-01.csv',
};

export default defineModel({
  machine: feedsExportMachine,
  events: {
    'export.start': [{ type: 'export.start', query: { query: ' store ', sort: '-products' } }],
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
      expect(started, "the file holds the list's search and sort").toEqual([
        { src: 'download', id: expect.any(String), input: { query: 'store', sort: '-products' } },
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
        uiToast('error', 'Failed to export feeds', FAILURE_REASONS.get(event.error)),
      ]);
    }
  },
});
