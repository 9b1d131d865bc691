/**
 * The user edit page's "Shopify connection" panel's reviewed table (see tests/model/oracle.ts for
 * how to read it). The spec has no such panel: the table is written from issue 29 "Check
 * connection" (not configured / checking / connected / failed with Shopify's reason; the result and
 * its time kept). The state names are the machine's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'issue 29 Check connection',
  // Issue 29 gives the panel no delay.
  delays: {},
  states: {
    shopifyConnection: {},
    // Issue 29: the connection as last stored, at the start and after each answered check.
    'shopifyConnection.showing': {
      always: [
        '[hasStatus status=not_configured] → #shopifyConnection.notConfigured',
        '[hasStatus status=connected] → #shopifyConnection.connected',
        '[hasStatus status=failed] → #shopifyConnection.failed',
        '→ #shopifyConnection.notChecked',
      ],
    },
    // Issue 29: no domain or key saved, nothing to check with.
    'shopifyConnection.notConfigured': {},
    'shopifyConnection.notChecked': { 'shopify.check': ['→ #shopifyConnection.checking'] },
    'shopifyConnection.connected': { 'shopify.check': ['→ #shopifyConnection.checking'] },
    'shopifyConnection.failed': { 'shopify.check': ['→ #shopifyConnection.checking'] },
    // Issue 29 "checking": the last result stays on show; an earlier check's reason goes.
    'shopifyConnection.checking': {
      entry: ['xstate.assign'],
      invoke: ['checkConnection'],
      'done:checkConnection': ['→ #shopifyConnection.showing / xstate.assign'],
      // Logged, and why the check got no answer kept beside the last result.
      'error:checkConnection': ['→ #shopifyConnection.showing / reportFailure, xstate.assign'],
    },
  },
});
