/**
 * The model of a dashboard panel's statechart (dashboardPanel.machine.ts; spec §2 Transactions and
 * User Orders panels, §4 "Orders period"), shared by the two panels' models. The children are
 * stubbed by the harness (each has its own model), so a path is the panel's own part: it starts its
 * children, the list on Last 7 days from page 1, and it receives its period's snapshots
 * (`xstate.snapshot.period`, which the child publishes after every change). The checks:
 * - on start every child is started once, the list with the default days, the periods on the
 *   panel's clock, and nothing is asked of the screen;
 * - a snapshot with a range other than the list's sends the list exactly that range as its day
 *   filters (`list.filter`, which resets it to page 1);
 * - a snapshot with the list's range (the child's first snapshot, or a preset chosen again) sends
 *   nothing, so the list is not fetched twice.
 *
 * The clock is fixed at 00:30 London time on Monday 3 February 2025, so Last 7 days is 27 January
 * to 3 February, written out here rather than computed with the machine's `presetRange`.
 */
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { DashboardPanelContext, DashboardPanelInput } from '@/machines/dashboardPanel.machine';
import type { DayRange } from '@/machines/datePreset.machine';
import { defineModel } from '../harness';
import type { EventFixtures, MachineModel } from '../harness';

const NOW = Date.UTC(2025, 1, 3, 0, 30);
const now = () => NOW;
/** Spec §9: the default period, Last 7 days, at NOW. */
const LAST_7_DAYS: DayRange = { from: '2025-01-27', to: '2025-02-03' };

/** What the period may publish: its first range again, a custom range, and one with an open end. */
const PUBLISHED: readonly DayRange[] = [
  LAST_7_DAYS,
  { from: '2025-01-01', to: '2025-01-31' },
  { from: '2025-01-01', to: '' },
];

/** What a panel's model gives: the machine, its children's ids, and its list's filters for a range. */
export interface DashboardPanelModelOptions<M extends AnyStateMachine> {
  machine: M;
  children: readonly string[];
  listFilters: (range: DayRange) => Record<string, unknown>;
}

/** Builds the model of one panel machine; see the module comment. */
export function defineDashboardPanelModel<M extends AnyStateMachine>(
  options: DashboardPanelModelOptions<M>,
): MachineModel<M> {
  const input: DashboardPanelInput = { now };
  // Snapshot events come from the child, not from the machine's own event type.
  const events = {
    'xstate.snapshot.period': PUBLISHED.map((range) => ({
      type: 'xstate.snapshot.period',
      snapshot: { status: 'active', value: 'custom', context: { preset: 'custom', ...range, now } },
    })),
  } as unknown as EventFixtures<AnyStateMachine>;
  // Both panels share context and input, which the generic machine type cannot say.
  const model = defineModel<AnyStateMachine>({
    machine: options.machine,
    inputs: { 'fixed clock': input },
    events,
    outcomes: {},
    serialize: (snapshot) => (snapshot.context as DashboardPanelContext).range,
    check: ({ before, event, after, actions, emitted, started }) => {
      const context = after.context as DashboardPanelContext;
      expect(emitted, 'the panel asks nothing of the screen itself').toEqual([]);
      if (before === null) {
        expect(context.range, 'spec §9: the default is Last 7 days').toEqual(LAST_7_DAYS);
        expect(started.map((child) => child.id).sort()).toEqual([...options.children].sort());
        const list = started.find((child) => child.id === 'list');
        expect(list?.input, 'the list starts on the default days from page 1').toEqual({
          filters: options.listFilters(LAST_7_DAYS),
          page: 1,
        });
        for (const child of started.filter((item) => item.src === 'period')) {
          expect(child.input, "the periods read the panel's clock").toEqual({ now });
        }
        return;
      }
      const { snapshot } = event as unknown as { snapshot: { context: DayRange } };
      const range = { from: snapshot.context.from, to: snapshot.context.to };
      const previous = (before.context as DashboardPanelContext).range;
      expect(started).toEqual([]);
      if (range.from === previous.from && range.to === previous.to) {
        expect(actions, 'the range the list shows is not sent again').toEqual([]);
        expect(context).toEqual(before.context);
        return;
      }
      expect(context.range).toEqual(range);
      expect(
        actions.filter((action) => action.type === 'xstate.sendTo'),
        'spec §4: a new period is the list filter (and page 1)',
      ).toEqual([
        {
          type: 'xstate.sendTo',
          params: { event: { type: 'list.filter', filters: { start_date: range.from, end_date: range.to } } },
        },
      ]);
    },
  });
  return model as MachineModel<M>;
}
