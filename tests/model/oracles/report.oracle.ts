/**
 * The report download's reviewed table (see tests/model/oracle.ts for how to read it). Written from
 * spec §2 'TRANSACTIONS REPORT' and 'ORDERS REPORT' ('Generating...' and disabled while the report is
 * made), §7 (the report calls are file downloads), §8 "Report download failure" (logged, then
 * 'HTTP error! status: {code}'), issue 14 (failures are the shared error toast), issue 15 (the
 * same chart makes a list's CSV export) and issue 30 (the toast says the reason in words; one
 * download chart, download-chart.ts, for every report and export). The state names are the
 * machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source:
    "spec §2 'TRANSACTIONS REPORT' / 'ORDERS REPORT', §7 report calls, §8 Report download failure; issues 14, 15",
  // The spec gives the report no delay.
  delays: {},
  // §2: the button reads 'Generating...' while the report is made.
  // Issue 30: the failure toast's title (spec §8 names the case "Report download failure").
  texts: { GENERATING_LABEL: 'Generating...', REPORT_FAILED_TITLE: 'Report download failed' },
  states: {
    report: {},
    // §2: the button asks for the report of the period (and filters) on show.
    'report.idle': {
      'report.generate': ['→ #report.downloading'],
    },
    // §2: 'Generating...' and disabled while the report is made, so a second request has no row here.
    'report.downloading': {
      // §7 GET /dashboard/{transactions,orders}/report.
      invoke: ['download'],
      // §7 "The response of the report calls is treated as a file download".
      'done:download': ['→ #report.idle / saveFile'],
      // §8 "Report download failure: logged, then 'HTTP error! status: {code}'": that text is logged;
      // the person sees the error toast (issue 14) with the reason in words (issue 30).
      'error:download': ['→ #report.idle / logFailure, toastFailure'],
    },
  },
});
