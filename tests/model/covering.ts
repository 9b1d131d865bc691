/**
 * The covering paths of a model (issue 7 "The same paths against the real UI", issue 17 "A reviewer's
 * viewer"): running every generated path in a browser would take hours (the session alone has over a
 * thousand), so the browser replays (tests/e2e/model/ui-model.ts) run a subset that still reaches
 * every state and every transition the whole set reaches, and the viewer pages of `npm run stately`
 * show the same subset, steppable. Runs in Node (no Playwright), so both can load it.
 */
import type { AnyStateMachine } from 'xstate';
import { generatePaths, runPath } from './harness';
import type { MachineModel, ModelPath, PathRun } from './harness';

/** A picked path with what its run went through (the viewer steps through `run.steps`). */
export interface CoveringPath<M extends AnyStateMachine> {
  path: ModelPath<M>;
  run: PathRun;
}

/** A path cut after its first `length` steps, named after the events it keeps. */
function prefixOf<M extends AnyStateMachine>(path: ModelPath<M>, length: number): ModelPath<M> {
  if (length >= path.steps.length) return path;
  return {
    ...path,
    name: path.name
      .split(' → ')
      .slice(0, length - 1)
      .join(' → '),
    steps: path.steps.slice(0, length),
  };
}

/**
 * A subset of the model's generated paths that reaches every state node and transition the whole
 * set reaches, picked greedily (the path adding the most not-yet-reached ones first, the shorter on
 * a tie), in the order picked, each with its run.
 * @param followable how many steps of a path (from its start, `xstate.init` counted) the UI can
 *   follow, for what the UI cannot do that a snapshot alone does not tell (it depends on storage, or
 *   on the page an earlier step left the browser on), so the model's `filterEvents` cannot say it.
 *   The candidate is then that part of the path (none when it has no event left). Default: all.
 * @throws when a generated path fails on the model itself (tests/model reports why)
 */
export async function coveringRuns<M extends AnyStateMachine>(
  model: MachineModel<M>,
  followable: (path: ModelPath<M>) => number = (path) => path.steps.length,
): Promise<Array<CoveringPath<M>>> {
  // The browser replays pass variants of a model that keep more of the context (what the UI must
  // follow) and run only the covering subset, so the model tests' path budget does not apply here.
  const followed = generatePaths(model, { budget: false }).flatMap((path) => {
    const length = followable(path);
    return length > 1 ? [prefixOf(path, length)] : [];
  });
  const candidates = await Promise.all(
    followed.map(async (path) => ({ path, run: await runPath(model, path) })),
  );
  return pickCovering(candidates);
}

/**
 * The greedy pick of `coveringRuns` from paths already run (the model tests' own runs, in
 * generated order): the path adding the most not-yet-reached state nodes and transitions first, the
 * shorter on a tie, until none adds any.
 */
export function pickCovering<M extends AnyStateMachine>(
  runs: ReadonlyArray<CoveringPath<M>>,
): Array<CoveringPath<M>> {
  const candidates = runs.map(({ path, run }) => ({
    path,
    run,
    reaches: new Set([...run.states].map((id) => `state ${id}`).concat([...run.transitions])),
  }));
  const reached = new Set<string>();
  const picked: Array<CoveringPath<M>> = [];
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.reaches].filter((item) => !reached.has(item)).length;
      if (
        gain > bestGain ||
        (gain === bestGain && gain > 0 && best && candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return picked;
    picked.push({ path: best.path, run: best.run });
    best.reaches.forEach((item) => reached.add(item));
  }
}

/** The paths of `coveringRuns`, for the browser replays. */
export async function coveringPaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  followable?: (path: ModelPath<M>) => number,
): Promise<Array<ModelPath<M>>> {
  return (await coveringRuns(model, followable)).map(({ path }) => path);
}
