/**
 * The feeds list's 'Export CSV' reviewed table (see tests/model/oracle.ts for how to read it). The
 * spec has no feeds export: the table is written from issue 15 (the list's CSV export) and issue 30
 * ("one download statechart for reports and exports"), which ask for it the way spec §2 and §8 have
 * the dashboard's reports work. The state names are the machine's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'issue 15 CSV export of the feeds list; issue 30 one download statechart; spec §2 and §8 reports',
  // Neither the spec nor the issues give the export a delay.
  delays: {},
  texts: {
    // Issue 15: the export's failure toast, before its reason (issue 30: the reason is its detail).
    FEEDS_EXPORT_FAILED: 'Failed to export feeds',
  },
  states: {
    feedsExport: {},
    // Issue 15: the export carries the list's search and sort as they stand.
    'feedsExport.idle': {
      'export.start': ['→ #feedsExport.downloading'],
    },
    // As a report (spec §2): busy and disabled while the file is made, so a second click has no row.
    'feedsExport.downloading': {
      invoke: ['download'],
      // As spec §7's report calls: the answer is a file download.
      'done:download': ['→ #feedsExport.idle / saveFile'],
      // As spec §8 "Report download failure": logged, then the error toast 'Failed to export feeds'
      // with the reason in words as its detail (issues 15, 30).
      'error:download': ['→ #feedsExport.idle / logFailure, toastFailure'],
    },
  },
});
