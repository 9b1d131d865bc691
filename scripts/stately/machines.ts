/**
 * Every statechart of src/machines, found by file name (`*.machine.ts`) so a new machine is
 * exported and checked without being listed anywhere. Loaded through Vite (import.meta.glob), by
 * `npm run stately` and by the staleness test alike.
 */
import type { AnyStateMachine } from 'xstate';

const modules = import.meta.glob<Record<string, unknown>>('/src/machines/*.machine.ts', { eager: true });

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'toJSON' in value;
}

/** One exported machine: its name (the machine id) and the source file it lives in. */
export interface FoundMachine {
  name: string;
  source: string;
  machine: AnyStateMachine;
}

/** All machines exported by src/machines/*.machine.ts, sorted by name; throws on a duplicate id. */
export function findMachines(): FoundMachine[] {
  const found: FoundMachine[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports)) {
      if (isMachine(value)) found.push({ name: value.id, source: file.replace(/^\//, ''), machine: value });
    }
  }
  const names = found.map((m) => m.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new Error(`Two machines share the id '${duplicate}'; ids name the exports.`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
