/**
 * The model tests of every machine of src/machines, each machine's generated paths run once and
 * every check made on those runs (issues 7, 14 and 17):
 * - every path is a test: the actor follows the model step by step and the model's checks hold;
 * - coverage (issue 7): the runs reach each state and each transition the machine defines; the
 *   table machine / states covered / transitions covered is printed at the end;
 * - effects (issue 14): everything the steps emitted is a well-formed `ui.*` effect or a reviewed
 *   widget event (effects.ts);
 * - the reviewed table (issue 17, oracle.ts): the machine conforms to tests/model/oracles/<machine
 *   id>.oracle.ts, and the runs take every row of it and schedule exactly its delays;
 * - the reviewer's page stately/<machine id>.html is current (it embeds the covering paths, picked
 *   from these runs).
 * A machine without a model or without a table fails, and so does a model or table of a machine that
 * no longer exists. A mutation run (MODEL_MACHINE_FILES) runs the machines of the files it names only.
 *
 * A machine that throws while its module loads or while its paths are generated fails a test here,
 * never the file: a file that fails before its tests exist has no failed test, so Stryker's Vitest
 * runner would count the mutant that broke it as a survivor.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { findMachines } from '../../scripts/stately/machines';
import type { FoundMachine } from '../../scripts/stately/machines';
import { viewerData, viewerPage } from '../../scripts/stately/viewer';
import { problemWith } from './effects';
import {
  describeTransition,
  generatePaths,
  listStates,
  listTransitions,
  runPath,
  transitionId,
} from './harness';
import type { MachineModel, ModelPath } from './harness';
import type { CoveringPath } from './covering';
import { filesUnderTest, isUnderTest, loadModels } from './models';
import { checkOracle } from './oracle';
import { oracles } from './tables';

interface CoverageRow {
  machine: string;
  states: string;
  transitions: string;
}

/** The coverage rows as a Markdown table. */
function coverageTable(rows: CoverageRow[]): string {
  const header: [string, string, string] = [
    'machine',
    'states covered / total',
    'transitions covered / total',
  ];
  const lines = [
    header,
    ...rows.map((row): [string, string, string] => [row.machine, row.states, row.transitions]),
  ];
  const widths = header.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (line: [string, string, string]) =>
    `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    format(lines[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.slice(1).map(format),
  ].join('\n');
}

/** The machines and their models, or what was thrown while loading them. */
async function loadMachines(): Promise<{
  machines: FoundMachine[];
  models: ReadonlyMap<string, MachineModel<AnyStateMachine>>;
}> {
  const [machines, models] = await Promise.all([findMachines(), loadModels()]);
  return { machines, models };
}

const loaded = await loadMachines().then(
  (value) => ({ ...value, error: null }),
  (error: unknown) => ({ machines: [], models: new Map<string, never>(), error }),
);
const { machines, models } = loaded;

it('loads every machine and its model', () => {
  if (loaded.error !== null) throw loaded.error;
});

describe('every machine has a model and a reviewed table', () => {
  it('has a model for every machine and no model without a machine', () => {
    expect(
      machines.filter((found) => isUnderTest(found) && !models.has(found.name)).map((found) => found.name),
      'add tests/model/models/<machine id>.model.ts',
    ).toEqual([]);
    // A mutation run loads every model but only the mutated file's machines count.
    if (filesUnderTest !== null) return;
    expect([...models.keys()].filter((name) => !machines.some((found) => found.name === name))).toEqual([]);
  });

  it('has a table for every machine and no table without a machine', () => {
    expect(
      machines.filter((found) => isUnderTest(found) && !oracles.has(found.name)).map((found) => found.name),
      'add tests/model/oracles/<machine id>.oracle.ts',
    ).toEqual([]);
    expect([...oracles.keys()].filter((name) => !machines.some((found) => found.name === name))).toEqual([]);
  });
});

const rows: CoverageRow[] = [];
afterAll(() => {
  if (rows.length > 0) console.log(`Generated path coverage\n${coverageTable(rows)}`);
});

for (const { name, machine, exports } of machines.filter(
  (found) => isUnderTest(found) && models.has(found.name),
)) {
  describe(name, () => {
    const model = models.get(name) as MachineModel<AnyStateMachine>;
    const runs: Array<CoveringPath<AnyStateMachine>> = [];
    const emitted: AnyEventObject[] = [];
    const recording: MachineModel<AnyStateMachine> = {
      ...model,
      check: (step) => {
        emitted.push(...step.emitted);
        model.check(step);
      },
    };

    it('models the machine src/machines exports', () => {
      expect(model.machine).toBe(machine);
    });

    let paths: Array<ModelPath<AnyStateMachine>> = [];
    let pathsError: unknown = null;
    try {
      paths = generatePaths(model);
    } catch (error) {
      pathsError = error;
    }
    it('generates its paths', () => {
      if (pathsError !== null) throw pathsError;
    });

    // Declared before the checks on their runs, which vitest runs after them, in order.
    it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
      runs.push({ path, run: await runPath(recording, path) });
    });

    it('reaches every state and every transition', () => {
      const reachedStates = new Set(runs.flatMap(({ run }) => [...run.states]));
      const reachedTransitions = new Set(runs.flatMap(({ run }) => [...run.transitions]));
      const states = listStates(machine);
      const transitions = listTransitions(machine);
      rows.push({
        machine: name,
        states: `${states.filter((state) => reachedStates.has(state.id)).length} / ${states.length}`,
        transitions: `${transitions.filter((transition) => reachedTransitions.has(transitionId(transition))).length} / ${transitions.length}`,
      });
      // A failed path reaches nothing here; its own test says why it failed.
      expect([
        ...states.filter((state) => !reachedStates.has(state.id)).map((state) => `state #${state.id}`),
        ...transitions
          .filter((transition) => !reachedTransitions.has(transitionId(transition)))
          .map((transition) => `transition ${describeTransition(transition)}`),
      ]).toEqual([]);
    });

    it('emits only ui.* effects and reviewed widget events', () => {
      const problems = emitted.map((event) => problemWith(name, event)).filter((problem) => problem !== null);
      expect([...new Set(problems)]).toEqual([]);
    });

    it('conforms to its reviewed table, and its paths take every row of it', () => {
      const oracle = oracles.get(name);
      if (!oracle) throw new Error(`${name}: no tests/model/oracles/${name}.oracle.ts`);
      expect(
        checkOracle(
          machine,
          oracle,
          runs.map(({ run }) => run),
        ),
      ).toEqual([]);
    });

    it("exports the spec's texts of its table", () => {
      const texts = oracles.get(name)?.texts ?? {};
      const exported = Object.fromEntries(Object.keys(texts).map((key) => [key, exports[key]]));
      expect(exported).toEqual(texts);
    });

    // A mutant makes the page stale, which says nothing of what the model tests catch.
    it.skipIf(filesUnderTest !== null)(`stately/${name}.html is current`, async () => {
      const found = machines.find((candidate) => candidate.name === name)!;
      const page = await viewerPage(await viewerData(found, model, runs));
      expect(readFileSync(path.resolve('stately', `${name}.html`), 'utf8'), 'run npm run stately').toBe(page);
    });
  });
}
