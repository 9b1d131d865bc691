import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError } from './lock';
import { openDatabase } from './open';
import { brands } from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs a child process that commits one brand into `dataDir`, reports it, then waits to be killed.
 * Resolves with the child once the commit is reported.
 */
function commitThenHang(dataDir: string, name: string) {
  const script = `
    import { openDatabase } from ${JSON.stringify(path.join(here, 'open.ts'))};
    import { brands } from ${JSON.stringify(path.join(here, 'schema.ts'))};
    const { db } = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    await db.insert(brands).values({ name: ${JSON.stringify(name)} });
    process.stdout.write('committed\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<typeof child>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('committed')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
}

describe('openDatabase on a PGlite data directory', () => {
  it('fails at once while another process holds it, and loses no committed row after kill -9', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-open-'));
    const child = await commitThenHang(dataDir, 'Committed Brand');

    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const reopened = await openDatabase({ dataDir });
    try {
      const rows = await reopened.db.select().from(brands).where(eq(brands.name, 'Committed Brand'));
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
