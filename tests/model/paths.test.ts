import { describe, expect, it } from 'vitest';
import { findMachines } from '../../scripts/stately/machines';
import { generatePaths, runPath } from './harness';
import { isUnderTest, models } from './models';

describe.each(findMachines().filter((found) => models.has(found.name) && isUnderTest(found)))(
  '$name paths',
  ({ name, machine }) => {
    const model = models.get(name)!;

    it('models the machine src/machines exports', () => {
      expect(model.machine).toBe(machine);
    });

    it.each(generatePaths(model).map((path) => [path.name, path] as const))('%s', async (_, path) => {
      await runPath(model, path);
    });
  },
);
