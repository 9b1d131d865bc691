/**
 * The model of a dashboard panel's statechart (dashboardPanel.machine.ts; spec §2 Transactions and
 * User Orders panels, §4 "Orders period"; issue 15 findings 3 and 6), shared by the two panels'
 * models. The children are stubbed by the harness (each has its own model), so a path is the
 * panel's own part: it starts its children, and it receives their snapshots (`xstate.snapshot.period`,
 * `xstate.snapshot.list`, which the children publish after every change). The checks:
 * - on start the list, the period, the report and the export are started once; the list on the
 *   URL's query under the panel's key prefix when the panel is given a URL (kept in step with it),
 *   else on Last 7 days from page 1, with the panel's table region; the period on the list's days
 *   and the panel's clock; nothing is asked of the screen;
 * - a period snapshot that settled (`preset`, `custom`) on days other than the list's sends the list
 *   exactly those days as its day filters (`list.filter`, which resets it to page 1); one still being
 *   typed (`editing`) or `invalid` sends nothing, so no request is made for it;
 * - a list snapshot with days other than the panel's (the list followed the URL: Back, a link) sends
 *   the period those days (`period.set`), so the inputs show what the table shows;
 * - a snapshot with the days the panel already has sends nothing, so nothing is fetched twice.
 *
 * The clock is fixed at 00:30 London time on Monday 3 February 2025, so Last 7 days is 27 January
 * to 3 February, written out here rather than computed with the machine's `presetRange`.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { requireChild } from '@/machines/dashboardPanel.machine';
import type { DashboardPanelContext, DashboardPanelInput } from '@/machines/dashboardPanel.machine';
import type { DayRange } from '@/machines/datePreset.machine';
import type { SubscribeToLocation } from '@/machines/list.machine';
import { defineModel } from '../harness';
import type { EventFixtures, MachineModel } from '../harness';

const NOW = Date.UTC(2025, 1, 3, 0, 30);
const now = () => NOW;
/** Spec §9: the default period, Last 7 days, at NOW. */
const LAST_7_DAYS: DayRange = { from: '2025-01-27', to: '2025-02-03' };
/** The model walks the machine without a router: no location ever arrives by itself. */
const subscribe: SubscribeToLocation = () => () => {};

/** What the period may publish: its first range again, a custom range, and one with an open end. */
const SETTLED: readonly DayRange[] = [
  LAST_7_DAYS,
  { from: '2025-01-01', to: '2025-01-31' },
  { from: '2025-01-01', to: '' },
];
/** Days the period holds while they are typed or after they failed the checks. */
const UNSETTLED = [
  { value: 'editing', range: { from: '2025-01-05', to: '2025-01-06' } },
  { value: 'invalid', range: { from: '2025-02-05', to: '2025-02-03' } },
] as const;
/** Days the list may move to by itself (the URL). */
const LIST_DAYS: readonly DayRange[] = [LAST_7_DAYS, { from: '2024-12-01', to: '2024-12-31' }];

/** What a panel's model gives: the machine, its children's ids, its list's filters and URL keys. */
export interface DashboardPanelModelOptions<M extends AnyStateMachine> {
  machine: M;
  children: readonly string[];
  /** The list's filters for a range (the other filters at their defaults). */
  listFilters: (range: DayRange) => Record<string, unknown>;
  /** The panel's key prefix in the URL, e.g. 'tx.'. */
  prefix: string;
  /** The element id of the panel's table region. */
  regionId: string;
  /** A dashboard URL holding the panel's days (`urlRange`) and page 2, and the other panel's keys. */
  urlSearch: string;
  urlRange: DayRange;
  /** The list's filters read from `urlSearch`. */
  urlFilters: Record<string, unknown>;
}

function periodSnapshot(value: string, range: DayRange) {
  return { type: 'xstate.snapshot.period', snapshot: { status: 'active', value, context: { ...range } } };
}

/** Builds the model of one panel machine; see the module comment. */
export function defineDashboardPanelModel<M extends AnyStateMachine>(
  options: DashboardPanelModelOptions<M>,
): MachineModel<M> {
  const inputs: Record<string, DashboardPanelInput> = {
    'fixed clock': { now },
    'on a dashboard URL': { now, url: { search: options.urlSearch, subscribe } },
  };
  // Snapshot events come from the children, not from the machine's own event type.
  const events: Record<string, readonly unknown[]> = {
    'xstate.snapshot.period': [
      ...SETTLED.map((range) => periodSnapshot('custom', range)),
      ...UNSETTLED.map(({ value, range }) => periodSnapshot(value, range)),
    ],
    'xstate.snapshot.list': LIST_DAYS.map((range) => ({
      type: 'xstate.snapshot.list',
      snapshot: {
        status: 'active',
        value: 'loading',
        context: { filters: options.listFilters(range), page: 1 },
      },
    })),
  };
  // Both panels share context and input, which the generic machine type cannot say.
  const model = defineModel<AnyStateMachine>({
    machine: options.machine,
    inputs: inputs as Record<string, never>,
    // The URL only sets the days the panel starts on.
    shareStates: true,
    events: events as unknown as EventFixtures<AnyStateMachine>,
    outcomes: {},
    serialize: (snapshot) => (snapshot.context as DashboardPanelContext).range,
    // A snapshot does the same whatever days the panel holds, but for whether they are the same
    // days: all are walked from Last 7 days, from other days each child's first (issue 28).
    filterEvents: (snapshot, event) => {
      const { range } = snapshot.context as DashboardPanelContext;
      return (
        (range.from === LAST_7_DAYS.from && range.to === LAST_7_DAYS.to) ||
        isDeepStrictEqual(events[event.type]?.[0], event)
      );
    },
    check: ({ input, before, event, after, actions, emitted, started }) => {
      const context = after.context as DashboardPanelContext;
      expect(emitted, 'the panel asks nothing of the screen itself').toEqual([]);
      // The screen renders and talks to the children the panel holds for as long as it exists.
      const children = after.children as Record<string, unknown>;
      for (const id of options.children) {
        expect(requireChild(after as { children: Record<string, unknown> }, id), `child '${id}'`).toBe(
          children[id],
        );
        expect(children[id]).toBeDefined();
      }
      if (before === null) {
        for (const gone of [{}, { list: null }, { list: undefined }]) {
          expect(
            () => requireChild({ children: gone as Record<string, unknown> }, 'list'),
            'a missing child is said by name',
          ).toThrow("The panel has no child 'list'");
        }
        const url = (input as DashboardPanelInput).url;
        const range = url ? options.urlRange : LAST_7_DAYS;
        expect(context.range, 'spec §9: the default is Last 7 days').toEqual(range);
        expect(started.map((child) => child.id).sort()).toEqual([...options.children].sort());
        const list = started.find((child) => child.id === 'list');
        const defaults = options.listFilters(LAST_7_DAYS);
        expect(
          list?.input,
          'the list starts on the URL or the default days, its region focused on paging',
        ).toEqual(
          url
            ? {
                filters: options.urlFilters,
                page: 2,
                regionId: options.regionId,
                urlSync: { defaults, subscribe, prefix: options.prefix },
              }
            : { filters: defaults, page: 1, regionId: options.regionId },
        );
        const period = started.find((child) => child.id === 'period');
        expect(period?.input, "the period shows the list's days on the panel's clock").toEqual({
          now,
          range,
        });
        return;
      }
      expect(started).toEqual([]);
      const previous = (before.context as DashboardPanelContext).range;
      const sent = actions.filter((action) => action.type === 'xstate.sendTo');
      const { snapshot } = event as unknown as {
        snapshot: {
          value: string;
          context: DayRange & { filters?: { start_date: string; end_date: string } };
        };
      };
      const fromList = event.type === 'xstate.snapshot.list';
      const range = fromList
        ? { from: snapshot.context.filters?.start_date ?? '', to: snapshot.context.filters?.end_date ?? '' }
        : { from: snapshot.context.from, to: snapshot.context.to };
      const settled = fromList || snapshot.value === 'preset' || snapshot.value === 'custom';
      if (!settled || (range.from === previous.from && range.to === previous.to)) {
        expect(sent, settled ? 'the days shown are not sent again' : 'no request for unchecked days').toEqual(
          [],
        );
        expect(context).toEqual(before.context);
        return;
      }
      expect(context.range).toEqual(range);
      expect(sent).toEqual([
        fromList
          ? { type: 'xstate.sendTo', params: { to: 'period', event: { type: 'period.set', range } } }
          : {
              type: 'xstate.sendTo',
              params: {
                to: 'list',
                event: { type: 'list.filter', filters: { start_date: range.from, end_date: range.to } },
              },
            },
      ]);
    },
  });
  return model as MachineModel<M>;
}
