/**
 * The reviewed tables of tests/model/oracles, found by file name (`<machine id>.oracle.ts`, default
 * export from `defineOracle`), so a table is picked up without being listed anywhere.
 */
import type { Oracle } from './oracle';

const modules = import.meta.glob<{ default: Oracle }>('./oracles/*.oracle.ts', { eager: true });

/** Reviewed tables by machine id (taken from the file name). */
export const oracles: ReadonlyMap<string, Oracle> = new Map(
  Object.entries(modules).map(([file, module]) => [
    file.replace(/^\.\/oracles\//, '').replace(/\.oracle\.ts$/, ''),
    module.default,
  ]),
);
