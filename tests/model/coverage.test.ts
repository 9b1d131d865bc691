/**
 * The coverage check of issue 7: the generated paths of every machine that src/machines exports must
 * reach each of its states and each of its transitions (source, event, guard, target). Prints the
 * table machine / states covered / transitions covered. A machine without a model in
 * tests/model/models fails, and so does a model of a machine that no longer exists.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findMachines } from '../../scripts/stately/machines';
import {
  describeTransition,
  generatePaths,
  listStates,
  listTransitions,
  runPath,
  transitionId,
} from './harness';
import { filesUnderTest, isUnderTest, models } from './models';

interface CoverageRow {
  machine: string;
  states: string;
  transitions: string;
}

function table(rows: CoverageRow[]): string {
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

describe('generated path coverage', () => {
  const machines = findMachines();

  it('has a model for every machine and no model without a machine', () => {
    expect(
      machines.filter((found) => isUnderTest(found) && !models.has(found.name)).map((found) => found.name),
      'add tests/model/models/<machine id>.model.ts',
    ).toEqual([]);
    // A mutation run (filesUnderTest) loads every model but only the mutated file's machines count.
    if (filesUnderTest !== null) return;
    expect([...models.keys()].filter((name) => !machines.some((found) => found.name === name))).toEqual([]);
  });

  // One test per machine, so each machine's paths get the whole test timeout; the table is printed
  // once all of them have run.
  const rows: CoverageRow[] = [];
  afterAll(() => {
    console.log(`Generated path coverage\n${table(rows)}`);
  });

  for (const { name, machine } of machines.filter(isUnderTest)) {
    it(`reaches every state and every transition of ${name}`, async () => {
      const states = listStates(machine);
      const transitions = listTransitions(machine);
      const reachedStates = new Set<string>();
      const reachedTransitions = new Set<string>();
      const model = models.get(name);
      if (model) {
        for (const path of generatePaths(model)) {
          // A failing path reaches nothing here; paths.test.ts reports why it failed.
          const run = await runPath(model, path).catch(() => null);
          run?.states.forEach((state) => reachedStates.add(state));
          run?.transitions.forEach((transition) => reachedTransitions.add(transition));
        }
      }
      const coveredStates = states.filter((state) => reachedStates.has(state.id));
      const coveredTransitions = transitions.filter((transition) =>
        reachedTransitions.has(transitionId(transition)),
      );
      rows.push({
        machine: name,
        states: `${coveredStates.length} / ${states.length}`,
        transitions: `${coveredTransitions.length} / ${transitions.length}`,
      });
      expect([
        ...(model ? [] : [`${name}: no model`]),
        ...states.filter((state) => !reachedStates.has(state.id)).map((state) => `state #${state.id}`),
        ...transitions
          .filter((transition) => !reachedTransitions.has(transitionId(transition)))
          .map((transition) => `transition ${describeTransition(transition)}`),
      ]).toEqual([]);
    });
  }
});
