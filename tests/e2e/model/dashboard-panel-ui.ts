/**
 * The browser replays of the dashboard panels' statecharts (dashboardPanel.machine.ts:
 * ordersPanelMachine, transactionsPanelMachine; spec §2 Transactions and User Orders panels, §4
 * "Orders period"; issue 15 findings 3 and 6), shared by ordersPanel.ui.spec.ts and
 * transactionsPanel.ui.spec.ts: the model's paths (tests/model/models/dashboard-panel.ts) replayed on
 * the dashboard home, where each panel is one actor running its list, period, report and export.
 *
 * The model's events are its children's snapshots, so each is made by the gesture that makes that
 * child publish it:
 * - a period snapshot → the panel's period: a settled range that is a preset's range at the model's
 *   clock is chosen in the panel's period dropdown (for transactions the 'TRANSACTIONS REPORT'
 *   dropdown, which must set the table's days too: issue 15 finding 3); other days are typed in From
 *   and To, and the clock is run past the inputs' pause unless the snapshot is `editing` (the days
 *   still being typed). The period then settles (`preset` or `custom`, both settled for the panel)
 *   or fails its checks (`invalid`);
 * - a list snapshot → the browser's history moves to a dashboard URL whose panel keys hold exactly
 *   the snapshot's query (its days, every other filter at its default, page 1; the other panel's
 *   keys kept), as Back or a shared link would; the router hears it and the list follows (on the
 *   days it shows already, it only remembers the location, and publishes its snapshot again).
 * A gesture also makes the children publish snapshots the model leaves out (the period's `editing`
 * while typing, the list's `loading` → `loaded`, the period after `period.set`): the panel takes no
 * transition on any of them, which the replay's trace comparison holds it to.
 *
 * The panel has one state (its root), asserted at every step: From and To show the panel's days
 * (the typed ones while they are `editing` or `invalid`, with the field error then), and the list was
 * last asked for those days (page 1 once the days moved; the URL's page before) or, for the orders
 * list with a day missing, says it waits for both; days that never settled were never asked for.
 *
 * Which paths: the panel's one state and two transitions are all reached by a single path, but its
 * behaviour is in its guard, in what it does not send (a snapshot with the days it already shows,
 * days still typed or invalid), which a covering of states and transitions cannot see. So the paths
 * are picked (`panelPaths`) to cover, besides every state and transition, each input, each event
 * fixture, and each kind of snapshot (the list's days, a settled period, `editing`, `invalid`) with
 * each outcome of the guard it can have (it moves the panel's days, or leaves them): five paths per
 * panel. Every generated path can be followed in the UI; none is cut.
 *
 * The page runs on the model's clock (00:30 London time on Monday 3 February 2025), so the presets'
 * days are the model's, and the clock is paused once the dashboard shows: time then moves only when
 * a step runs it, so From and To are typed as one burst however slow the machine is (a real clock
 * let the inputs' pause end between them on a loaded machine, and the period settled twice).
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import type { DashboardPanelContext, DashboardPanelInput } from '@/machines/dashboardPanel.machine';
import { DATE_INPUT_DEBOUNCE_MS, DATE_PRESETS, presetRange } from '@/machines/datePreset.machine';
import type { DayRange } from '@/machines/datePreset.machine';
import type { ModelTraceEntry } from '@/machines/model-trace';
import { generatePaths, runPath } from '../../model/harness';
import type { MachineModel, ModelEvent, ModelPath } from '../../model/harness';
import { signInAsAdmin } from './admin-session';
import { coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

/** What differs between the two panels on the screen. */
export interface PanelScreen<M extends AnyStateMachine> {
  model: MachineModel<M>;
  /** The panel's title, its region's name. */
  title: string;
  /** The panel's key prefix in the URL, e.g. 'tx.'. */
  prefix: string;
  /** The id of the list's machine (the panel's child `list`), as its trace entries name it. */
  listMachine: string;
  /** The path of the list's request. */
  listPath: string;
  /** The period dropdown a preset's days are chosen in. */
  periodLabel: string;
  /**
   * What the table says instead of asking while a day is missing; absent for a list that asks with
   * an open end.
   */
  missingDayText?: string;
}

/** A period snapshot (`xstate.snapshot.period`) or list snapshot (`xstate.snapshot.list`) fixture. */
interface ChildSnapshotEvent {
  type: string;
  snapshot: {
    value: string;
    context: Partial<DayRange> & { filters?: { start_date: string; end_date: string } };
  };
}

const UNSETTLED = new Set(['editing', 'invalid']);

/** How far ahead of the page's time its clock is paused (`pauseClockAhead`), in ms. */
const PAUSE_MARGIN_MS = 10_000;

/**
 * Pauses the page's clock (installed by the UI model) a little ahead of its time: from then on time
 * moves only when a step runs the clock, so on a busy machine typing From and To cannot outlast the
 * inputs' pause and settle the period between them. The margin is there because the page's time goes
 * on while it is asked for and cannot go back; nothing on the loaded dashboard is due within it.
 */
export async function pauseClockAhead(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + PAUSE_MARGIN_MS);
}

/** The list requests each page made, oldest first. */
const listRequests = new WeakMap<Page, URL[]>();

/** The fixture of a model event, which for a panel is always a child's snapshot. */
function childSnapshot(event: unknown): ChildSnapshotEvent {
  const { type, snapshot } = event as Partial<ChildSnapshotEvent>;
  if (snapshot === undefined || (type !== 'xstate.snapshot.period' && type !== 'xstate.snapshot.list')) {
    throw new Error(`not a child's snapshot: ${String(type)}`);
  }
  return { type, snapshot };
}

/** The days a period snapshot holds. */
function periodDays(event: ChildSnapshotEvent): DayRange {
  const { from, to } = event.snapshot.context;
  if (from === undefined || to === undefined) throw new Error('a period snapshot without its days');
  return { from, to };
}

/** The typed days of `event` when it is a period snapshot that did not settle, else null. */
function unsettledDays(event: unknown): DayRange | null {
  const { type } = event as { type: string };
  if (type !== 'xstate.snapshot.period') return null;
  const period = childSnapshot(event);
  return UNSETTLED.has(period.snapshot.value) ? periodDays(period) : null;
}

/** The preset whose days at `now` are `range`, if any. */
function presetLabelOf(range: DayRange, now: Date): string | undefined {
  return DATE_PRESETS.find(({ id }) => {
    const days = presetRange(id, now);
    return days.from === range.from && days.to === range.to;
  })?.label;
}

/** The days a panel snapshot shows (both panels share the context, which a generic `M` cannot say). */
function rangeOf(snapshot: unknown): DayRange {
  return (snapshot as { context: DashboardPanelContext }).context.range;
}

/** A period or list snapshot as a path's name shows it: the child, its state and its days. */
function describeChild(event: unknown): string {
  const child = childSnapshot(event);
  const { value, context } = child.snapshot;
  const days = child.type === 'xstate.snapshot.list' ? context.filters : undefined;
  const range = days ? { from: days.start_date, to: days.end_date } : periodDays(child);
  const shown = `${range.from || '…'} to ${range.to || '…'}`;
  return child.type === 'xstate.snapshot.list' ? `list on ${shown}` : `period ${value} ${shown}`;
}

/**
 * `path` named after its snapshots' days: the generated names show every snapshot as `{…}`, so
 * paths with other days would share a test title. The covering paths keep theirs, under which the
 * viewer of `npm run stately` finds their replays.
 */
function named<M extends AnyStateMachine>(path: ModelPath<M>): ModelPath<M> {
  const input = /^\[[^\]]*\] /.exec(path.name)?.[0] ?? '';
  const events = path.steps.slice(1).map(({ event }) => describeChild(event));
  return { ...path, name: `${input}${events.join(' → ')}` };
}

/** What a snapshot fixture is to the panel: a list's days, a settled period, or days not settled. */
function kindOf(event: unknown): string {
  const child = childSnapshot(event);
  if (child.type === 'xstate.snapshot.list') return 'list';
  return UNSETTLED.has(child.snapshot.value) ? child.snapshot.value : 'settled period';
}

/**
 * The paths to replay: the covering paths (every state and transition), then, greedily, the
 * generated paths that add an input, an event fixture, or a kind of snapshot (`kindOf`) with a
 * guard outcome (it moved the panel's days or left them) not yet in the set; see the module comment.
 */
export async function panelPaths<M extends AnyStateMachine>(model: MachineModel<M>): Promise<ModelPath<M>[]> {
  const picked = await coveringPaths(model);
  const itemsOf = async (path: ModelPath<M>): Promise<Set<string>> => {
    const run = await runPath(model, path);
    const items = [`input ${/^\[([^\]]*)\]/.exec(path.name)?.[1] ?? ''}`];
    for (const [index, { event }] of path.steps.slice(1).entries()) {
      const moved = (run.steps[index + 1] ?? []).length > 0;
      items.push(JSON.stringify(event), `${kindOf(event)} ${moved ? 'moves' : 'leaves'} the days`);
    }
    return new Set(items);
  };
  const reached = new Set((await Promise.all(picked.map(itemsOf))).flatMap((items) => [...items]));
  const candidates = await Promise.all(
    generatePaths(model).map(async (path) => ({ path, items: await itemsOf(path) })),
  );
  for (;;) {
    const gain = (items: Set<string>) => [...items].filter((item) => !reached.has(item)).length;
    const best = candidates.reduce<(typeof candidates)[number] | undefined>(
      (top, candidate) => (gain(candidate.items) > (top ? gain(top.items) : 0) ? candidate : top),
      undefined,
    );
    if (!best) return picked;
    picked.push(named(best.path));
    best.items.forEach((item) => reached.add(item));
  }
}

/** Declares the replay of one panel's paths on the dashboard; see the module comment. */
export async function describePanelReplay<M extends AnyStateMachine>(screen: PanelScreen<M>): Promise<void> {
  const { model, prefix } = screen;
  const input = model.inputs?.['fixed clock'] as DashboardPanelInput | undefined;
  if (!input?.now) throw new Error(`the ${model.machine.id} model has no 'fixed clock' input`);
  const now = new Date(input.now());

  const panel = (page: Page): Locator => page.getByRole('region', { name: screen.title, exact: true });
  const day = (page: Page, label: 'From' | 'To'): Locator => panel(page).getByLabel(label, { exact: true });

  /** The list's trace entries under this panel: one more each time the list took an event. */
  const listEntries = async (page: Page): Promise<number> =>
    page.evaluate(
      ({ machine, parent }) =>
        (window.__modelTrace ?? []).filter(
          (entry: ModelTraceEntry) => entry.machine === machine && entry.parent === parent,
        ).length,
      { machine: screen.listMachine, parent: model.machine.id },
    );

  /** The days and page of the list's last request; '' for a day the request leaves open. */
  const lastAsked = (page: Page) => {
    const last = listRequests.get(page)?.at(-1);
    return (
      last && {
        from: last.searchParams.get('start_date') ?? '',
        to: last.searchParams.get('end_date') ?? '',
        page: last.searchParams.get('page'),
      }
    );
  };

  /** The list's page up to `step`: the URL's until the panel's days first moved, then 1. */
  const pageAt = ({ path, step }: UiRun<M>): string => {
    const ranges = path.steps.slice(0, step + 1).map(({ state }) => rangeOf(state));
    const moved = ranges.some(
      (range, index) => index > 0 && JSON.stringify(range) !== JSON.stringify(ranges[0]),
    );
    const search = (path.input as DashboardPanelInput | undefined)?.url?.search;
    return moved || search === undefined ? '1' : (new URLSearchParams(search).get(`${prefix}page`) ?? '1');
  };

  const ui: UiModel<M> = {
    model,
    clock: now,
    start: async ({ page, path }) => {
      const requests: URL[] = [];
      listRequests.set(page, requests);
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === screen.listPath) requests.push(url);
      });
      await signInAsAdmin(page);
      const search = (path.input as DashboardPanelInput | undefined)?.url?.search ?? '';
      await page.goto(`/dashboard${search}`);
      await expect(panel(page)).toBeVisible();
      await pauseClockAhead(page);
    },
    events: {
      'xstate.snapshot.period': async ({ page }, event: ModelEvent<M>) => {
        const period = childSnapshot(event);
        const days = periodDays(period);
        const { value } = period.snapshot;
        const preset = UNSETTLED.has(value) ? undefined : presetLabelOf(days, now);
        if (preset !== undefined) {
          await panel(page)
            .getByRole('combobox', { name: screen.periodLabel })
            .selectOption({ label: preset });
        } else {
          await day(page, 'From').fill(days.from);
          await day(page, 'To').fill(days.to);
          // Typed days are checked after the inputs' pause; `editing` is the moment before.
          if (value !== 'editing') await page.clock.runFor(DATE_INPUT_DEBOUNCE_MS);
        }
        // The period has taken the gesture (and so the panel its snapshot) once the screen shows it.
        await expect(day(page, 'From')).toHaveValue(days.from);
        await expect(day(page, 'To')).toHaveValue(days.to);
        if (value === 'invalid')
          await expect(panel(page).locator('input[aria-invalid="true"]')).toHaveCount(1);
      },
      // Back or a shared link: the history moves to the snapshot's query under the panel's keys.
      'xstate.snapshot.list': async ({ page }, event: ModelEvent<M>) => {
        const { filters } = childSnapshot(event).snapshot.context;
        if (filters === undefined) throw new Error('a list snapshot without its filters');
        const heard = await listEntries(page);
        await page.evaluate(
          ({ keyPrefix, days }) => {
            const params = new URLSearchParams(window.location.search);
            for (const key of [...params.keys()]) if (key.startsWith(keyPrefix)) params.delete(key);
            params.set(`${keyPrefix}start_date`, days.start_date);
            params.set(`${keyPrefix}end_date`, days.end_date);
            window.history.pushState(window.history.state, '', `/dashboard?${params.toString()}`);
            window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
          },
          { keyPrefix: prefix, days: filters },
        );
        await expect
          .poll(() => listEntries(page), 'the list hears of the new location')
          .toBeGreaterThan(heard);
      },
    },
    states: {
      [model.machine.id]: async (run, snapshot) => {
        const { page, path, step } = run;
        const range = rangeOf(snapshot);
        const { event } = path.steps[step] ?? {};
        // Days still typed, or failing the checks, stay in the inputs and never reach the panel.
        const typed = unsettledDays(event);
        const shown = typed ?? range;
        await expect(day(page, 'From'), "From shows the panel's days").toHaveValue(shown.from);
        await expect(day(page, 'To'), "To shows the panel's days").toHaveValue(shown.to);
        const invalid = typed !== null && childSnapshot(event).snapshot.value === 'invalid';
        await expect(panel(page).locator('input[aria-invalid="true"]')).toHaveCount(invalid ? 1 : 0);
        if (screen.missingDayText !== undefined && (range.from === '' || range.to === '')) {
          await expect(panel(page).getByText(screen.missingDayText)).toBeVisible();
        } else {
          await expect
            .poll(() => lastAsked(page), "the list was last asked for the panel's days")
            .toEqual({ from: range.from, to: range.to, page: pageAt(run) });
        }
        const asked = (listRequests.get(page) ?? []).map((url) => ({
          from: url.searchParams.get('start_date') ?? '',
          to: url.searchParams.get('end_date') ?? '',
        }));
        for (const earlier of path.steps.slice(1, step + 1)) {
          const days = unsettledDays(earlier.event);
          if (days) expect(asked, 'days that never settled are never asked for').not.toContainEqual(days);
        }
      },
    },
  };

  describeUiModel(ui, await panelPaths(model));
}
