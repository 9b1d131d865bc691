/**
 * `npm run catalogue:import` on a refused file (issue 26): the file is read and refused before the
 * database is opened, so the command exits 1 at once and the data directory is never created.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@test-support/catalogue-exports';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import-cli.ts');
let scratch: string | undefined;

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

it('refuses a damaged file with exit code 1 before opening the database', async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'catalogue-cli-'));
  const dataDir = path.join(scratch, 'data');
  const run = promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', cli, path.join(FIXTURES_DIR, 'refused-missing-cell.csv')],
    { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
  );
  const failure = (await run.then(
    () => null,
    (error: unknown) => error,
  )) as { code: number; stdout: string; stderr: string } | null;
  expect(failure).toMatchObject({ code: 1, stdout: '' });
  expect(failure?.stderr).toMatch(/^The file is damaged: a row does not have[^]*\nNothing was imported\.\n$/);
  expect(existsSync(dataDir)).toBe(false);
});
