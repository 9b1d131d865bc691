/**
 * The reviewed table of a dashboard widget that loads once (resource.machine.ts), shared by the
 * widgets' tables: spec §2 Dashboard (each widget shows its data once loaded), §8 "Silent failures"
 * (a failed call is logged) and issue 15 (a failed widget says why and offers Retry).
 */
import { defineOracle } from '../oracle';
import type { Oracle } from '../oracle';

/** The table of the widget whose machine id is `id`, made from `source` (spec sections). */
export function resourceTable(id: string, source: string): Oracle {
  return defineOracle({
    source: `${source}; spec §8 Silent failures; issue 15`,
    // The spec gives the widgets no delay.
    delays: {},
    states: {
      [id]: {},
      // Spec §2: the widget's call starts as it appears.
      [`${id}.loading`]: {
        invoke: ['load'],
        'done:load': [`→ #${id}.loaded / applyData`],
        // §8: logged; issue 15: the widget says why.
        'error:load': [`→ #${id}.failed / reportFailure, applyFailure`],
      },
      // Spec §2: loaded once (the page loads it anew).
      [`${id}.loaded`]: { type: ['final'] },
      // Issue 15: a failed widget's Retry loads it again.
      [`${id}.failed`]: { 'resource.reload': [`→ #${id}.loading`] },
    },
  });
}
