/**
 * The statecharts of the dashboard's two list panels (spec §2 Transactions and User Orders panels,
 * §4 "Orders period"; issue 14; issue 15 findings 3 and 6): each panel is one parent actor that runs
 * its parts as children and connects them, so the screen only renders the children and sends them
 * what the user does.
 *
 * - `list`: the panel's list (transactionsList / ordersList statechart). With `input.url` its query
 *   lives in the URL under the panel's key prefix (`tx.`, `orders.`), so reload, Back and a shared
 *   link restore it; without, it starts on the defaults. Defaults: Last 7 days from page 1 (and every
 *   status for transactions). Its table region is focused on a page change.
 * - `period`: the From / To inputs and the period dropdown (datePreset), started on the list's days.
 *   Every range the period settles on (a preset, or typed days that passed its checks) becomes the
 *   list's day filters (page 1); every other move of the list's days (the URL: Back, a link) is sent
 *   to the period (`period.set`), so the inputs always show what the table shows.
 * - `report` and `export`: the PDF report and the CSV export (report statechart); the screen sends
 *   them the list's filters as they stand, so the files hold exactly what the table shows. Their
 *   failure toasts are `ui.toast` effects of the children, which the screen's buttons connect to the
 *   root handler.
 *
 * Children are invoked at the root, so they live exactly as long as the panel; the screen reads
 * them with {@link requireChild}.
 */
import { assign, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { DEFAULT_DATE_PRESET, datePresetMachine, presetRange } from './datePreset.machine';
import type { DayRange } from './datePreset.machine';
import { readListQuery } from './list.machine';
import type { ListFilters, ListInput, ListMachine, SubscribeToLocation } from './list.machine';
import { ORDERS_REGION_ID, ORDERS_URL_PREFIX, ordersListMachine } from './ordersList.machine';
import type { OrderFilters } from './ordersList.machine';
import { reportMachine } from './report.machine';
import {
  TRANSACTIONS_REGION_ID,
  TRANSACTIONS_URL_PREFIX,
  transactionsListMachine,
} from './transactionsList.machine';
import type { TransactionFilters } from './transactionsList.machine';

/** Where a panel's filters live: the URL's search when the panel starts, and the app's locations. */
export interface PanelUrl {
  search: string;
  subscribe: SubscribeToLocation;
}

/**
 * Input of a panel: the clock its periods read (default the system's; model tests pass a fixed
 * one) and, on the dashboard, the URL its list keeps its filters in.
 */
export interface DashboardPanelInput {
  now?: () => number;
  url?: PanelUrl;
}

/** Context of a panel: the clock, the list's first input, and the days the list shows. */
export interface DashboardPanelContext<F extends ListFilters = ListFilters> {
  now: () => number;
  listInput: ListInput<F>;
  range: DayRange;
}

/** What differs between the two panels' lists. */
interface PanelList<F extends ListFilters> {
  prefix: string;
  regionId: string;
  /** The filters other than the days, at their defaults. */
  otherDefaults: Omit<F, 'start_date' | 'end_date'>;
}

/** The panel's first context: the list's query read from the URL (when given) over the defaults. */
function initialContext<F extends ListFilters & { start_date: string; end_date: string }>(
  input: DashboardPanelInput,
  list: PanelList<F>,
): DashboardPanelContext<F> {
  const now = input.now ?? (() => Date.now());
  const week = presetRange(DEFAULT_DATE_PRESET, new Date(now()));
  const defaults = { ...list.otherDefaults, start_date: week.from, end_date: week.to } as F;
  const query = input.url
    ? readListQuery(input.url.search, defaults, list.prefix)
    : { filters: defaults, page: 1 };
  const listInput: ListInput<F> = {
    ...query,
    regionId: list.regionId,
    ...(input.url ? { urlSync: { defaults, subscribe: input.url.subscribe, prefix: list.prefix } } : {}),
  };
  return { now, listInput, range: { from: query.filters.start_date, to: query.filters.end_date } };
}

/**
 * The range a period snapshot settled on, or null while it is being typed or is invalid, and for a
 * snapshot without one (the generated path tests stand a bare actor in for the child).
 */
function settledRangeOf(snapshot: unknown): DayRange | null {
  const { value, context } = (snapshot ?? {}) as { value?: unknown; context?: Partial<DayRange> };
  if ((value !== 'preset' && value !== 'custom') || context?.from === undefined || context.to === undefined)
    return null;
  return { from: context.from, to: context.to };
}

/** The days a list snapshot shows, or null for a snapshot without filters. */
function listRangeOf(snapshot: unknown): DayRange | null {
  const filters = (snapshot as { context?: { filters?: Partial<OrderFilters> } } | undefined)?.context
    ?.filters;
  if (filters?.start_date === undefined || filters.end_date === undefined) return null;
  return { from: filters.start_date, to: filters.end_date };
}

/** True when `range` is one and differs from the days the list shows. */
function isNewRange(context: DashboardPanelContext, range: DayRange | null): range is DayRange {
  return range !== null && (range.from !== context.range.from || range.to !== context.range.to);
}

/** The list's day filters for a range (`YYYY-MM-DD`; '' for an open end). */
function dayFilters(range: DayRange): { start_date: string; end_date: string } {
  return { start_date: range.from, end_date: range.to };
}

const ORDERS_LIST: PanelList<OrderFilters> = {
  prefix: ORDERS_URL_PREFIX,
  regionId: ORDERS_REGION_ID,
  otherDefaults: { sort: '' },
};

const TRANSACTIONS_LIST: PanelList<TransactionFilters> = {
  prefix: TRANSACTIONS_URL_PREFIX,
  regionId: TRANSACTIONS_REGION_ID,
  otherDefaults: { status: [], sort: '' },
};

/** The filters a panel's list has at least: its days. */
type PanelFilters = ListFilters & { start_date: string; end_date: string };

/**
 * Builds one panel's statechart (issue 30: the two panels from one factory): machine id `id`, its
 * list `listMachine` set up by `list`; the period, report and export are the same for both panels.
 */
function createDashboardPanelMachine<F extends PanelFilters, T>(
  id: string,
  listMachine: ListMachine<F, T>,
  list: PanelList<F>,
) {
  return setup({
    // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
    types: {
      context: {} as DashboardPanelContext<F>,
      input: {} as DashboardPanelInput,
      children: {} as { list: 'list'; period: 'period'; report: 'report'; export: 'report' },
    },
    actors: { list: listMachine, period: datePresetMachine, report: reportMachine },
    actions: {
      keepRange: assign((_, params: DayRange) => ({ range: params })),
      filterList: sendTo('list', (_, params: DayRange) => ({
        type: 'list.filter' as const,
        filters: dayFilters(params),
      })),
      setPeriod: sendTo('period', (_, params: DayRange) => ({ type: 'period.set' as const, range: params })),
    },
    guards: {
      isNewRange: ({ context }, params: DayRange | null) => isNewRange(context, params),
    },
  }).createMachine({
    id,
    context: ({ input }) => initialContext(input, list),
    invoke: [
      {
        id: 'list',
        src: 'list',
        input: ({ context }) => context.listInput,
        onSnapshot: {
          guard: { type: 'isNewRange', params: ({ event }) => listRangeOf(event.snapshot) },
          actions: [
            {
              type: 'keepRange',
              params: ({ context, event }) => listRangeOf(event.snapshot) ?? context.range,
            },
            {
              type: 'setPeriod',
              params: ({ context, event }) => listRangeOf(event.snapshot) ?? context.range,
            },
          ],
        },
      },
      {
        id: 'period',
        src: 'period',
        input: ({ context }) => ({ now: context.now, range: context.range }),
        onSnapshot: {
          guard: { type: 'isNewRange', params: ({ event }) => settledRangeOf(event.snapshot) },
          actions: [
            {
              type: 'keepRange',
              params: ({ context, event }) => settledRangeOf(event.snapshot) ?? context.range,
            },
            {
              type: 'filterList',
              params: ({ context, event }) => settledRangeOf(event.snapshot) ?? context.range,
            },
          ],
        },
      },
      { id: 'report', src: 'report' },
      { id: 'export', src: 'report' },
    ],
  });
}

/** The User Orders panel: list `list` (orders), period `period`, report `report`, export `export`. */
export const ordersPanelMachine = createDashboardPanelMachine('ordersPanel', ordersListMachine, ORDERS_LIST);

/**
 * The Transactions panel: list `list` (transactions, every status at first), period `period` (the
 * filters' dropdown and the 'TRANSACTIONS REPORT' period dropdown both show and set it), report
 * `report`, export `export`.
 */
export const transactionsPanelMachine = createDashboardPanelMachine(
  'transactionsPanel',
  transactionsListMachine,
  TRANSACTIONS_LIST,
);

/** A snapshot of the User Orders panel. */
export type OrdersPanelSnapshot = SnapshotFrom<typeof ordersPanelMachine>;
/** A snapshot of the Transactions panel. */
export type TransactionsPanelSnapshot = SnapshotFrom<typeof transactionsPanelMachine>;

/**
 * The panel's child `id` (see the module comment for the ids), for the screen to render and send
 * to. Throws when it is missing, which cannot happen while the panel exists: the children are
 * invoked at its root.
 */
export function requireChild<
  TSnapshot extends { children: Partial<Record<string, unknown>> },
  TId extends keyof TSnapshot['children'] & string,
>(snapshot: TSnapshot, id: TId): NonNullable<TSnapshot['children'][TId]> {
  const child = snapshot.children[id];
  if (child === undefined || child === null) throw new Error(`The panel has no child '${id}'`);
  return child as NonNullable<TSnapshot['children'][TId]>;
}
