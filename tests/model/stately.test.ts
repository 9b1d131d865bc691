/**
 * The exports of `npm run stately` (issue 7, issue 17 "A reviewer's viewer") are current: each
 * machine's JSON definition, the index, the pages' script and style, and the README
 * with the diagrams; and each diagram draws every state and transition of its machine.
 *
 * A viewer page embeds the covering paths of its model, so machines.test.ts checks the pages, on the
 * runs of the generated paths it makes anyway. Skipped in a mutation run (MODEL_MACHINE_FILES set):
 * a mutant would make the exports stale, and that says nothing about what the model tests catch.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDiagram, toJsonDefinition, toMermaid, toReadme } from '../../scripts/stately/export';
import { findMachines } from '../../scripts/stately/machines';
import { indexPage, viewerScript, viewerStyle } from '../../scripts/stately/viewer';
import { listStates, listTransitions, transitionId } from './harness';
import { filesUnderTest } from './models';

const statelyDir = path.resolve('stately');
const machines = await findMachines();
const read = (file: string) => readFileSync(path.join(statelyDir, file), 'utf8');

describe.skipIf(filesUnderTest !== null)('stately/ exports', () => {
  it('finds the machines of src/machines', () => {
    expect(machines.map((m) => m.name)).toEqual(expect.arrayContaining(['session', 'login', 'notFound']));
  });

  it.each(machines.map((m) => [m.name, m] as const))('stately/%s.json is current', (name, { machine }) => {
    expect(read(`${name}.json`), 'run npm run stately').toBe(toJsonDefinition(machine));
  });

  it('stately/README.md, index.html, viewer.js and viewer.css are current, with no export of a removed machine', async () => {
    expect(read('README.md'), 'run npm run stately').toBe(toReadme(machines));
    expect(read('index.html'), 'run npm run stately').toBe(await indexPage(machines));
    expect(read('viewer.js'), 'run npm run stately').toBe(await viewerScript());
    expect(read('viewer.css'), 'run npm run stately').toBe(await viewerStyle());
    const files = readdirSync(statelyDir).filter((f) => /\.(json|html)$/.test(f));
    expect(files.sort()).toEqual(
      machines
        .flatMap((m) => [`${m.name}.html`, `${m.name}.json`])
        .concat('index.html')
        .sort(),
    );
  });

  it.each(machines.map((m) => [m.name, m] as const))(
    'the diagram of %s draws every state and every transition once',
    (_, { machine }) => {
      const { states, edges } = toDiagram(machine);
      expect(states.map((state) => state.id).sort()).toEqual(
        [machine.root, ...listStates(machine)].map((node) => node.id).sort(),
      );
      const drawn = edges.flatMap((edge) => edge.transitions);
      const defined = listTransitions(machine).flatMap((transition) =>
        (transition.target?.length ? transition.target : [null]).map(() => transitionId(transition)),
      );
      expect(drawn.sort()).toEqual(defined.sort());
    },
  );

  it('labels transitions with their event, guard params, actions and delays', () => {
    const session = machines.find((m) => m.name === 'session')!;
    const diagram = toMermaid(session.machine);
    expect(diagram).toMatch(/^stateDiagram-v2\n/);
    expect(diagram).toContain(
      'session_logout_waitingToRedirect --> session_logout_redirecting : after LOGOUT\\_REDIRECT\\_DELAY (100 ms) [hasLogoutRedirect] / redirectAfterLogout',
    );
    const login = machines.find((m) => m.name === 'login')!;
    expect(toDiagram(login.machine).edges.flatMap((edge) => edge.lines)).toEqual(
      expect.arrayContaining([
        'error authenticate [failedWithStatus status=401] / setError(…)',
        "error authenticate / reportFailure(…), clearStoredTokens, sendLogout, setError(message='Unhandled login error, check console for details')",
      ]),
    );
  });
});
