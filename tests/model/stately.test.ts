import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJsonDefinition, toMermaid, toReadme } from '../../scripts/stately/export';
import { findMachines } from '../../scripts/stately/machines';

const statelyDir = path.resolve('stately');
const machines = findMachines();

describe('stately/ exports', () => {
  it('finds the machines of src/machines', () => {
    expect(machines.map((m) => m.name)).toEqual(expect.arrayContaining(['session', 'login', 'notFound']));
  });

  it.each(machines.map((m) => [m.name, m] as const))('stately/%s.json is current', (name, { machine }) => {
    expect(readFileSync(path.join(statelyDir, `${name}.json`), 'utf8'), 'run npm run stately').toBe(
      toJsonDefinition(machine),
    );
  });

  it('stately/README.md is current and has no export of a removed machine', () => {
    expect(readFileSync(path.join(statelyDir, 'README.md'), 'utf8'), 'run npm run stately').toBe(
      toReadme(machines),
    );
    const jsonFiles = readdirSync(statelyDir).filter((f) => f.endsWith('.json'));
    expect(jsonFiles.sort()).toEqual(machines.map((m) => `${m.name}.json`).sort());
  });

  it('draws every state with a target transition in the diagram', () => {
    const session = machines.find((m) => m.name === 'session')!;
    const diagram = toMermaid(session.machine);
    expect(diagram).toMatch(/^stateDiagram-v2\n/);
    expect(diagram).toContain(
      'session_logout_waitingToRedirect --> session_logout_redirecting : after LOGOUT_REDIRECT_DELAY [hasLogoutRedirect]',
    );
  });
});
