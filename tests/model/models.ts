/**
 * The machine models of tests/model/models, found by file name (`<machine id>.model.ts`, default
 * export from `defineModel`), so a model is picked up without being listed anywhere.
 */
import type { AnyStateMachine } from 'xstate';
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
