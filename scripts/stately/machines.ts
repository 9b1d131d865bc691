/**
 * Every statechart of src/machines, found by file name (`*.machine.ts`) so a new machine is
 * exported and checked without being listed anywhere. Loaded through Vite (import.meta.glob), by
 * `npm run stately` and by the staleness test alike.
 */
import type { AnyStateMachine } from 'xstate';

// Not eager: importing this module loads no machine, so a machine that throws while it loads fails
// `findMachines` (a test in tests/model/machines.test.ts), not every module that imports this one.
const modules = import.meta.glob<Record<string, unknown>>('/src/machines/*.machine.ts');

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'toJSON' in value;
}

/** One exported machine: its name (the machine id) and the source file it lives in. */
export interface FoundMachine {
  name: string;
  source: string;
  machine: AnyStateMachine;
  /** Everything its module exports (the texts and constants the screens read beside the machine). */
  exports: Readonly<Record<string, unknown>>;
}

/**
 * Loads src/machines/*.machine.ts; resolves to every machine they export, sorted by name. Rejects on
 * a duplicate id and with the error of a module that throws while it loads.
 */
export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  for (const [file, load] of Object.entries(modules)) {
    const exports = await load();
    for (const value of Object.values(exports)) {
      if (isMachine(value)) {
        found.push({ name: value.id, source: file.replace(/^\//, ''), machine: value, exports });
      }
    }
  }
  const names = found.map((m) => m.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new Error(`Two machines share the id '${duplicate}'; ids name the exports.`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
