/**
 * The statecharts of the dashboard's two list panels (spec §2 Transactions and User Orders panels,
 * §4 "Orders period"; issue 14): each panel is one parent actor that runs its parts as children and
 * connects them, so the screen only renders the children and sends them what the user does.
 *
 * - `list`: the panel's list (transactionsList / orders list statechart), started on the default
 *   period (Last 7 days) from page 1; the dashboard lists do not sync with the URL.
 * - `period`: the list's period (datePreset). The panel watches its snapshots (`onSnapshot`) and
 *   sends every new range to the list as its day filters, which resets the list to page 1.
 * - `report`: the PDF report (report statechart); its failure toast is a `ui.toast` effect of the
 *   child, which the screen's report button connects to the root handler.
 * - `reportPeriod` (Transactions only): the report's own period dropdown, not tied to the list.
 *
 * Children are invoked at the root, so they live exactly as long as the panel; the screen reads
 * them with {@link requireChild}.
 */
import { assign, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { DEFAULT_DATE_PRESET, datePresetMachine, presetRange } from './datePreset.machine';
import type { DatePresetSnapshot, DayRange } from './datePreset.machine';
import { ordersListMachine } from './ordersList.machine';
import { reportMachine } from './report.machine';
import { transactionsListMachine } from './transactionsList.machine';

/** Input of a panel: the clock its periods read (default the system's; model tests pass a fixed one). */
export interface DashboardPanelInput {
  now?: () => number;
}

/** Context of a panel: the clock, and the days the list was last given as filters. */
export interface DashboardPanelContext {
  now: () => number;
  range: DayRange;
}

function initialContext(input: DashboardPanelInput): DashboardPanelContext {
  const now = input.now ?? (() => Date.now());
  return { now, range: presetRange(DEFAULT_DATE_PRESET, new Date(now())) };
}

/**
 * The range a period snapshot holds, or null for a snapshot without one: only a datePreset child
 * publishes ranges (the generated path tests stand a bare actor in for it).
 */
function rangeOf(snapshot: unknown): DayRange | null {
  const context = (snapshot as Partial<DatePresetSnapshot> | undefined)?.context;
  return context === undefined ? null : { from: context.from, to: context.to };
}

/** True when `range` is one and differs from the days the list was last given. */
function isNewRange(context: DashboardPanelContext, range: DayRange | null): range is DayRange {
  return range !== null && (range.from !== context.range.from || range.to !== context.range.to);
}

/** The list's day filters for a range (`YYYY-MM-DD`; '' for an open end). */
function dayFilters(range: DayRange): { start_date: string; end_date: string } {
  return { start_date: range.from, end_date: range.to };
}

/** The User Orders panel: list `list` (orders), period `period`, report `report`. */
export const ordersPanelMachine = setup({
  types: {
    context: {} as DashboardPanelContext,
    input: {} as DashboardPanelInput,
    children: {} as { list: 'list'; period: 'period'; report: 'report' },
  },
  actors: { list: ordersListMachine, period: datePresetMachine, report: reportMachine },
  actions: {
    keepRange: assign((_, params: DayRange) => ({ range: params })),
    filterList: sendTo('list', (_, params: DayRange) => ({
      type: 'list.filter' as const,
      filters: dayFilters(params),
    })),
  },
  guards: {
    isNewRange: ({ context }, params: DayRange | null) => isNewRange(context, params),
  },
}).createMachine({
  id: 'ordersPanel',
  context: ({ input }) => initialContext(input),
  invoke: [
    {
      id: 'list',
      src: 'list',
      input: ({ context }) => ({ filters: dayFilters(context.range), page: 1 }),
    },
    {
      id: 'period',
      src: 'period',
      input: ({ context }) => ({ now: context.now }),
      onSnapshot: {
        guard: { type: 'isNewRange', params: ({ event }) => rangeOf(event.snapshot) },
        actions: [
          { type: 'keepRange', params: ({ context, event }) => rangeOf(event.snapshot) ?? context.range },
          { type: 'filterList', params: ({ context, event }) => rangeOf(event.snapshot) ?? context.range },
        ],
      },
    },
    { id: 'report', src: 'report' },
  ],
});

/**
 * The Transactions panel: list `list` (transactions, every status at first), period `period`,
 * report `report` and the report's own period `reportPeriod`.
 */
export const transactionsPanelMachine = setup({
  types: {
    context: {} as DashboardPanelContext,
    input: {} as DashboardPanelInput,
    children: {} as { list: 'list'; period: 'period'; report: 'report'; reportPeriod: 'period' },
  },
  actors: { list: transactionsListMachine, period: datePresetMachine, report: reportMachine },
  actions: {
    keepRange: assign((_, params: DayRange) => ({ range: params })),
    filterList: sendTo('list', (_, params: DayRange) => ({
      type: 'list.filter' as const,
      filters: dayFilters(params),
    })),
  },
  guards: {
    isNewRange: ({ context }, params: DayRange | null) => isNewRange(context, params),
  },
}).createMachine({
  id: 'transactionsPanel',
  context: ({ input }) => initialContext(input),
  invoke: [
    {
      id: 'list',
      src: 'list',
      input: ({ context }) => ({ filters: { status: [], ...dayFilters(context.range) }, page: 1 }),
    },
    {
      id: 'period',
      src: 'period',
      input: ({ context }) => ({ now: context.now }),
      onSnapshot: {
        guard: { type: 'isNewRange', params: ({ event }) => rangeOf(event.snapshot) },
        actions: [
          { type: 'keepRange', params: ({ context, event }) => rangeOf(event.snapshot) ?? context.range },
          { type: 'filterList', params: ({ context, event }) => rangeOf(event.snapshot) ?? context.range },
        ],
      },
    },
    { id: 'report', src: 'report' },
    { id: 'reportPeriod', src: 'period', input: ({ context }) => ({ now: context.now }) },
  ],
});

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
