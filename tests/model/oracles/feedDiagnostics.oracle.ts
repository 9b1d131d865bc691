/**
 * The feed editor's Delivery panel's reviewed table (see tests/model/oracle.ts for how to read it).
 * The spec has no such panel: the table is written from issue 12 "Diagnostics for the admin" (what a
 * saved feed delivers, loaded from GET /feeds/{feedId}/diagnostics, reloaded after every save, with
 * Retry after a failure), and issue 29 "Diagnostics and Delivery panel" ("Sync now" on demand,
 * the counts the server's after it). The state names are the machine's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'issue 12 Diagnostics for the admin; issue 29 Variant mapping, Diagnostics and Delivery panel',
  // Issue 12 gives the panel no delay.
  delays: {},
  states: {
    feedDiagnostics: {
      // Issue 12: every save (a new feed's first one too) reloads the panel with the feed's id,
      // whatever it was showing: a load under way starts again for the new id.
      'diagnostics.reload': ['→ #feedDiagnostics.loading (re-enters) / xstate.assign'],
    },
    // Issue 12: a saved feed is diagnosed at once; a new one has nothing to diagnose until saved.
    'feedDiagnostics.checking': {
      always: ['[hasFeed] → #feedDiagnostics.loading', '→ #feedDiagnostics.idle'],
    },
    'feedDiagnostics.idle': {},
    // Issue 12: the last failure is cleared on each load; the last diagnostics stay on show.
    'feedDiagnostics.loading': {
      entry: ['xstate.assign'],
      invoke: ['loadDiagnostics'],
      'done:loadDiagnostics': ['→ #feedDiagnostics.loaded / xstate.assign'],
      // Logged, and the failure's message (or the panel's own) kept for the panel.
      'error:loadDiagnostics': ['→ #feedDiagnostics.failed / reportFailure, xstate.assign'],
    },
    // Issue 29: "Sync now" for a feed whose customer's store is configured.
    'feedDiagnostics.loaded': {
      'shopify.sync': ['[hasStore] → #feedDiagnostics.syncing'],
    },
    // Issue 29: an earlier refusal's reason goes; the diagnostics stay on show.
    'feedDiagnostics.syncing': {
      entry: ['xstate.assign'],
      invoke: ['syncStore'],
      // The sync's answer shown at once, then the diagnostics loaded again so the counts are the server's.
      'done:syncStore': ['→ #feedDiagnostics.loading / xstate.assign'],
      // A 409 (a sync already runs, no domain and key saved) or no answer: the reason beside the panel.
      'error:syncStore': ['→ #feedDiagnostics.loaded / xstate.assign'],
    },
    // Issue 12: the panel's Retry after a failure.
    'feedDiagnostics.failed': {
      'diagnostics.retry': ['→ #feedDiagnostics.loading'],
    },
  },
});
