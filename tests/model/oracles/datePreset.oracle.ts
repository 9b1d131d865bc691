/**
 * The period's reviewed table (see tests/model/oracle.ts for how to read it): the From / To inputs
 * and the period dropdown of the dashboard panels. Written from spec §2 User Orders panel (period
 * dropdown Yesterday, Today, Last 7, 30, 90 days; default Last 7 days), §4 "Orders period" (choosing
 * a period recomputes From and To), §9 "Date presets", and issue 15 (typed dates are debounced and
 * checked, real days with From on or before To, before anything is fetched). The state names are
 * the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 User Orders panel, §4 Orders period, §9 Date presets; issue 15',
  delays: {
    // Not a number of the spec: issue 15 asks typed dates to be debounced, and the project uses the
    // lists' typing pause, 300 ms (list.machine.ts); the table holds it so a change is noticed.
    DATE_INPUT_DEBOUNCE: 300,
  },
  texts: {
    // Spec §2 and §9: the dropdown's presets in the spec's order, default Last 7 days.
    DATE_PRESETS: [
      { id: 'yesterday', label: 'Yesterday' },
      { id: 'today', label: 'Today' },
      { id: 'last7', label: 'Last 7 days' },
      { id: 'last30', label: 'Last 30 days' },
      { id: 'last90', label: 'Last 90 days' },
    ],
    DEFAULT_DATE_PRESET: 'last7',
  },
  states: {
    datePreset: {
      // Spec §4: a period from the dropdown recomputes From and To (and is then named).
      'period.select': ['→ #datePreset.checking / applyPreset'],
      // Issue 15: a typed day waits for a quiet moment before it is checked.
      'period.from': ['→ #datePreset.editing / applyDay'],
      'period.to': ['→ #datePreset.editing / applyDay'],
      // The panel's list moved to other days (the URL): they are shown and checked like typed ones.
      'period.set': ['→ #datePreset.checking / applyRange'],
    },
    // Issue 15: days that are not real, outside 2000–2100 or From after To are held with a field
    // error and never fetched; valid days are named by the dropdown: a preset's range (spec §9) or
    // custom days.
    'datePreset.checking': {
      always: [
        '[isInvalid] → #datePreset.invalid / keepError',
        '[isPresetRange] → #datePreset.preset / namePreset',
        '→ #datePreset.custom / namePreset',
      ],
    },
    // Issue 15 "debounced": each keystroke restarts the wait (the root's transition re-enters).
    'datePreset.editing': {
      'after:DATE_INPUT_DEBOUNCE': ['→ #datePreset.checking'],
    },
    'datePreset.preset': {},
    'datePreset.custom': {},
    'datePreset.invalid': {},
  },
});
