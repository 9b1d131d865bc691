/**
 * Issue 17 "Oracles that do not come from the machine": fixed mutants of the session and login
 * machines, applied in memory, show that the reviewed tables and the model tests catch a deleted
 * transition, a changed delay and a message sent to the wrong actor. (Every machine's conformance
 * to its table is checked in machines.test.ts, on the runs of its generated paths.)
 */
import { createMachine, sendTo } from 'xstate';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginMachine } from '@/machines/login.machine';
import { sessionMachine } from '@/machines/session.machine';
import { generatePaths, runPath } from './harness';
import type { MachineModel, PathRun } from './harness';
import { filesUnderTest, loadModels } from './models';
import { checkOracle } from './oracle';
import { oracles } from './tables';

/** The runs of every generated path of `model`, and the failures of those that failed. */
async function runAll(
  model: MachineModel<AnyStateMachine>,
): Promise<{ runs: PathRun[]; failures: string[] }> {
  const runs: PathRun[] = [];
  const failures: string[] = [];
  let paths: ReturnType<typeof generatePaths>;
  try {
    paths = generatePaths(model);
  } catch (error) {
    return { runs, failures: [error instanceof Error ? error.message : String(error)] };
  }
  for (const path of paths) {
    await runPath(model, path).then(
      (run) => runs.push(run),
      (error: unknown) => failures.push(error instanceof Error ? error.message : String(error)),
    );
  }
  return { runs, failures };
}

/** What the model tests and the table say of `machine` put in the place of `name`'s machine. */
async function verdict(name: string, machine: AnyStateMachine) {
  const model = (await loadModels()).get(name);
  const oracle = oracles.get(name);
  if (!model || !oracle) throw new Error(`${name}: no model or no table`);
  const { runs, failures } = await runAll({ ...model, machine });
  return { failures, problems: checkOracle(machine, oracle, runs) };
}

// The fixed mutants check the harness and the tables, not the machines of a mutation run. Each runs
// every generated path of its machine (the unmutated machines pass in machines.test.ts).
describe.skipIf(filesUnderTest !== null)('fixed mutants are caught', { timeout: 120_000 }, () => {
  it("a deleted transition (session: logged in, another tab's 'logout' broadcast)", async () => {
    const config = sessionMachine.config as unknown as {
      states: { status: { states: { loggedIn: { on: Record<string, unknown> } } } };
    };
    const { status } = config.states;
    const { 'sync.logoutBroadcast': _deleted, ...on } = status.states.loggedIn.on;
    const mutated = createMachine(
      {
        ...(config as object),
        states: {
          ...config.states,
          status: { ...status, states: { ...status.states, loggedIn: { ...status.states.loggedIn, on } } },
        },
      } as unknown as typeof sessionMachine.config,
      sessionMachine.implementations,
    );
    const { problems } = await verdict('session', mutated);
    expect(problems).toContain(
      '#session.status.loggedIn on sync.logoutBroadcast: the table says ["→ #session.status.loggedOut / clearSession"], the machine []',
    );
  });

  it('a changed delay (session: the token refresh at 60 minutes instead of 55)', async () => {
    const { problems } = await verdict(
      'session',
      sessionMachine.provide({ delays: { TOKEN_REFRESH_INTERVAL: 3_600_000 } }),
    );
    expect(problems).toContain('delay TOKEN_REFRESH_INTERVAL is 3600000 ms, the table says 3300000 ms');
  });

  it('a message sent to the wrong actor (login: the logout of a failed login sent to itself)', async () => {
    const { failures, problems } = await verdict(
      'login',
      loginMachine.provide({
        actions: { sendLogout: sendTo(({ self }): AnyActorRef => self, { type: 'session.logout' }) },
      }),
    );
    // Every failed path fails on the check of what was sent; the paths that failed take no row.
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toMatch(/to deeply equal \[ \{ type: 'xstate\.sendTo'/);
    expect(problems.every((problem) => problem.includes('sendLogout'))).toBe(true);
  });
});
