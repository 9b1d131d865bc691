/**
 * The machine models of tests/model/models, found by file name (`<machine id>.model.ts`, default
 * export from `defineModel`), so a model is picked up without being listed anywhere.
 */
import type { AnyStateMachine } from 'xstate';
import type { FoundMachine } from '../../scripts/stately/machines';
import type { MachineModel } from './harness';

// Not eager: importing this module loads no machine (see `loadModels`).
const modules = import.meta.glob<{ default: MachineModel<AnyStateMachine> }>('./models/*.model.ts');

/**
 * Loads every model; resolves to the models by machine id (taken from the file name). Rejects with
 * the error of a model, or of the machine it imports, that throws while loading: machines.test.ts
 * turns that into a failed test, where a static import would fail the whole file before any test
 * exists (which Stryker's Vitest runner counts as a surviving mutant, README "Mutation testing").
 */
export async function loadModels(): Promise<ReadonlyMap<string, MachineModel<AnyStateMachine>>> {
  const entries = await Promise.all(
    Object.entries(modules).map(async ([file, load]) => {
      const name = file.replace(/^\.\/models\//, '').replace(/\.model\.ts$/, '');
      return [name, (await load()).default] as const;
    }),
  );
  return new Map(entries);
}

/**
 * The source files a run is about (`session.machine.ts,login.machine.ts`), from MODEL_MACHINE_FILES,
 * or null for all. `npm run test:mutation` sets it to the file it mutates and the machine files that
 * import it, so each mutant reruns the model tests of the machines it can change only.
 */
export const filesUnderTest: readonly string[] | null = process.env.MODEL_MACHINE_FILES
  ? process.env.MODEL_MACHINE_FILES.split(',').map((file) => file.trim())
  : null;

/** Whether the model tests of this run cover `found` (see `filesUnderTest`). */
export function isUnderTest(found: FoundMachine): boolean {
  return filesUnderTest === null || filesUnderTest.some((file) => found.source.endsWith(`/${file}`));
}
