/**
 * The reviewed table of a dashboard list panel (src/machines/dashboardPanel.machine.ts), shared by
 * the tables of the User Orders and Transactions panels, which differ only in their id (see
 * tests/model/oracle.ts for how to read a table). Written from spec §2 Transactions and User Orders
 * panels (a list, From and To inputs with a period dropdown, a report button), §4 "Orders period"
 * (changing the period recomputes From and To and resets the page to 1) and issue 15 (the days are
 * checked before they are fetched; the URL keeps each panel's filters; a CSV export beside the
 * report). The panel has no states of its own: it connects its children.
 */
import { defineOracle } from '../oracle';
import type { Oracle } from '../oracle';

/** The table of the panel `id`; see the module comment. */
export function dashboardPanelTable(id: string, source: string): Oracle {
  return defineOracle({
    source: `${source}; spec §4 Orders period; issue 15`,
    delays: {},
    states: {
      [id]: {
        // Spec §2: the panel's list, its From / To inputs and period dropdown, its report button;
        // issue 15: the CSV export (a second report actor, `format: 'csv'`).
        invoke: ['list', 'period', 'report', 'report'],
        // Spec §4: a period settled on other days (a preset, or typed days that passed issue 15's
        // checks) becomes the list's days, which goes back to page 1.
        'xstate.snapshot.period': ['[isNewRange] (stays) / keepRange, filterList'],
        // Issue 15: the list moved to other days by itself (the URL: Back, a shared link), so the
        // inputs are set to show what the table shows.
        'xstate.snapshot.list': ['[isNewRange] (stays) / keepRange, setPeriod'],
      },
    },
  });
}
