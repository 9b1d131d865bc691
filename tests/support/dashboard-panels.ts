/**
 * What the component tests of the dashboard's Transactions and User Orders panels share (issue 28;
 * src/features/dashboard/*Panel.test.tsx): the model tests' clock and its Last 7 days, a list that
 * answers every page with no rows, a panel URL that never moves, and a record of what the screen
 * sends the panel's children. A panel's screen talks to its children (list, period, report, export),
 * not to the panel actor it is given, so `givenActor`'s own record of sent events stays empty.
 */
import { fromPromise } from 'xstate';
import type { AnyActorRef, AnyEventObject, PromiseActorLogic } from 'xstate';
import type { PanelUrl } from '@/machines/dashboardPanel.machine';
import type { DayRange } from '@/machines/datePreset.machine';
import type { ListFilters, ListPage, ListQuery } from '@/machines/list.machine';

/** 00:30 London time on Monday 3 February 2025, the dashboard panel models' clock (tests/model). */
export const PANEL_NOW = Date.UTC(2025, 1, 3, 0, 30);

/** Spec §9: the panels' default period, Last 7 days, at PANEL_NOW (written out, not computed). */
export const LAST_7_DAYS: DayRange = { from: '2025-01-27', to: '2025-02-03' };

/** A list's `fetchPage` that answers the page it is asked for at once, with no rows. */
export function noRows<F extends ListFilters, T>(): PromiseActorLogic<ListPage<T>, ListQuery<F>> {
  return fromPromise<ListPage<T>, ListQuery<F>>(async ({ input }) => ({
    items: [],
    page: input.page,
    totalPages: 0,
    total: null,
  }));
}

/**
 * The panel input's URL: the dashboard opened with `search`, and no later location (the screen's
 * own moves of the URL reach the router, not the list).
 */
export function openedAt(search: string): PanelUrl {
  return { search, subscribe: () => () => undefined };
}

/** An event the screen sent to one of a panel's children, named by its id. */
export interface ChildEvent {
  child: string;
  event: AnyEventObject;
}

/**
 * The events sent from outside (the screen's gestures) to the children of `panel` from now on, in
 * order; what the panel and the children send each other is left out.
 */
export function recordChildEvents(panel: AnyActorRef): ChildEvent[] {
  const sent: ChildEvent[] = [];
  panel.system.inspect((inspection) => {
    if (
      inspection.type !== '@xstate.event' ||
      inspection.sourceRef !== undefined ||
      inspection.event.type.startsWith('xstate.')
    )
      return;
    const children = (panel.getSnapshot() as { children: Record<string, unknown> }).children;
    const child = Object.keys(children).find((id) => children[id] === inspection.actorRef);
    if (child !== undefined) sent.push({ child, event: inspection.event });
  });
  return sent;
}
