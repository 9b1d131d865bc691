/**
 * The reviewed table of a server-paged list (src/machines/list.machine.ts), shared by the tables of
 * the orders, transactions and users lists, which differ only in their id and in whether the list
 * has a rule for when it may be asked at all (see tests/model/oracle.ts for how to read a table).
 * Written from issue 3 "List state lives in the URL", spec §2 (pagination; the panels' filters), §4
 * "Orders period" (a new period goes back to page 1), §8 "Silent failures" (a failed list is logged
 * and falls back to empty) and issues 15 and 30 (paging focuses the table's top; a failed list offers
 * Retry; days that cannot be asked for are not fetched). The state names are the machine's; what
 * happens in each is the spec's.
 */
import { defineOracle } from '../oracle';
import type { Oracle } from '../oracle';

/** What differs between the lists' tables. */
export interface ListTableOptions {
  /** The machine id. */
  id: string;
  /** Where the list's own part comes from (spec sections, issues). */
  source: string;
  /**
   * True for a list that may only be fetched when its filters allow it (the orders list's two days,
   * the transactions list's valid days): it then has an `incomplete` state, empty and unfetched.
   */
  waitsForFilters: boolean;
  /** The list module's spec texts and constants (see `texts` in ../oracle.ts). */
  texts?: Readonly<Record<string, unknown>>;
}

/** The table of one list; see the module comment. */
export function listTable({ id, source, waitsForFilters, texts }: ListTableOptions): Oracle {
  const starting = `#${id}.starting`;
  return defineOracle({
    ...(texts ? { texts } : {}),
    source: `${source}; issue 3 List state lives in the URL; spec §2 pagination, §4 Orders period, §8 Silent failures; issue 15`,
    delays: {
      // Not a number of the spec: issue 3 asks typed filters to wait for a pause, and the project
      // fixed that pause at 300 ms (list.machine.ts); the table holds it so a change is noticed.
      LIST_DEBOUNCE: 300,
    },
    states: {
      [id]: {
        // Issue 3: a list kept in the URL follows Back / Forward from the start.
        entry: ['followUrl'],
        // Issue 3: a filter applies at once and goes back to page 1 (spec §4 "resets the page to
        // 1"); typed, it waits for the pause before it fetches and moves the URL.
        'list.filter': [
          `[isDebounced] → #${id}.debouncing / applyFilters`,
          `→ ${starting} / applyFilters, emitUrlChange`,
        ],
        // Spec §2 "page change reported as an object holding the page number": another page is
        // fetched and put in the URL (issue 3); the table's top is focused once it has loaded.
        'list.page': [`[isOtherPage] → ${starting} / applyPage, emitUrlChange`],
        // Issue 3: Back / Forward to another query fetches it; the URL is remembered either way, so
        // another list's keys in it are kept (issue 15 finding 6).
        'list.urlChanged': [
          `[isNewQuery] → ${starting} / applyQuery, rememberSearch`,
          '(stays) / rememberSearch',
        ],
        // Issue 15: Retry, or a change elsewhere, asks again for what is shown.
        'list.reload': [`→ ${starting}`],
      },
      // Every way into a request passes here, so one in flight is always replaced (issue 3).
      [`${id}.starting`]: {
        always: waitsForFilters
          ? [`[filtersAreComplete] → #${id}.loading`, `→ #${id}.incomplete`]
          : [`→ #${id}.loading`],
      },
      // Issue 3: a typed change waits for the pause; a reload sends it at once, URL included.
      [`${id}.debouncing`]: {
        'list.reload': [`→ ${starting} / emitUrlChange`],
        'after:LIST_DEBOUNCE': [`→ ${starting} / emitUrlChange`],
      },
      [`${id}.loading`]: {
        invoke: ['fetchPage'],
        // Issue 30: a page asked for takes the focus to the table's top (scrolled into view) once its
        // rows are there, not on the press.
        'done:fetchPage': [`→ #${id}.loaded / applyResult, focusRegion`],
        // Spec §8 "Silent failures": the failure is logged and the list falls back to empty.
        'error:fetchPage': [`→ #${id}.failed / reportFailure, applyFailure`],
      },
      [`${id}.loaded`]: {},
      [`${id}.failed`]: {},
      // Filters that cannot be asked for show an empty list, with nothing fetched.
      ...(waitsForFilters ? { [`${id}.incomplete`]: { entry: ['clearItems'] } } : {}),
    },
  });
}
