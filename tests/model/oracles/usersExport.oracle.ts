/**
 * The users panel's 'Export CSV' reviewed table (see tests/model/oracle.ts for how to read it). The
 * spec has no users export: the table is written from issue 15 "CSV export of the current filtered
 * view of users", which asks for it the way spec §2 and §8 have the dashboard's reports work (busy
 * and disabled while the file is made, the file saved as a download, a failure logged and shown as
 * the error toast of issue 14). The state names are the machine's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'issue 15 CSV export of the current filtered view of users; spec §2 and §8 reports; issue 14',
  // Neither the spec nor issue 15 gives the export a delay.
  delays: {},
  states: {
    usersExport: {},
    // Issue 15: the export carries the list's filters as they stand.
    'usersExport.idle': {
      'export.start': ['→ #usersExport.downloading'],
    },
    // As a report (spec §2): busy and disabled while the file is made, so a second click has no row.
    'usersExport.downloading': {
      invoke: ['download'],
      // As spec §7's report calls: the answer is a file download.
      'done:download': ['→ #usersExport.idle / saveFile'],
      // As spec §8 "Report download failure": logged, then the error toast 'Failed to export users'
      // with the reason in words as its detail (issues 14, 15, 30).
      'error:download': ['→ #usersExport.idle / logFailure, toastFailure'],
    },
  },
});
