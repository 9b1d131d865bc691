/**
 * The diagrams of `npm run stately` (issue 7, issue 17 "A reviewer's viewer"): each draws every
 * state and transition of its machine once, labelled with its event, guard params, actions and
 * delays. Whether the exports in stately/ are current, and whether the viewer pages load, is
 * `npm run stately -- --check` (scripts/stately/check.ts; part of `npm test`); whether the machine
 * pages are current, machines.test.ts (they embed the covering paths of its runs).
 */
import { describe, expect, it } from 'vitest';
import { toDiagram, toMermaid } from '../../scripts/stately/export';
import { findMachines } from '../../scripts/stately/machines';
import { listStates, listTransitions, transitionId } from './harness';
import { filesUnderTest } from './models';

const machines = await findMachines();

// Skipped in a mutation run (MODEL_MACHINE_FILES set): a mutant changes its own diagram, which says
// nothing about what the model tests catch.
describe.skipIf(filesUnderTest !== null)('stately diagrams', () => {
  it('finds the machines of src/machines', () => {
    expect(machines.map((m) => m.name)).toEqual(expect.arrayContaining(['session', 'login', 'notFound']));
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
