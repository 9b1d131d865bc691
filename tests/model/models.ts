/**
 * The machine models of tests/model/models, found by file name (`<machine id>.model.ts`, default
 * export from `defineModel`), so a model is picked up without being listed anywhere.
 */
import type { AnyStateMachine } from 'xstate';
import type { FoundMachine } from '../../scripts/stately/machines';
import type { MachineModel } from './harness';

const modules = import.meta.glob<{ default: MachineModel<AnyStateMachine> }>('./models/*.model.ts', {
  eager: true,
});

/** Models by machine id (taken from the file name). */
export const models: ReadonlyMap<string, MachineModel<AnyStateMachine>> = new Map(
  Object.entries(modules).map(([file, module]) => [
    file.replace(/^\.\/models\//, '').replace(/\.model\.ts$/, ''),
    module.default,
  ]),
);

/**
 * The source files a run is about (`session.machine.ts,login.machine.ts`), from MODEL_MACHINE_FILES,
 * or null for all. `npm run test:mutation` sets it to the file it mutates, so each mutant reruns the
 * model tests of that file's machines only.
 */
export const filesUnderTest: readonly string[] | null = process.env.MODEL_MACHINE_FILES
  ? process.env.MODEL_MACHINE_FILES.split(',').map((file) => file.trim())
  : null;

/** Whether the model tests of this run cover `found` (see `filesUnderTest`). */
export function isUnderTest(found: FoundMachine): boolean {
  return filesUnderTest === null || filesUnderTest.some((file) => found.source.endsWith(`/${file}`));
}
