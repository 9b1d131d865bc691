/**
 * How scripts/hand-mutants.ts runs a layer: Vitest or Playwright in a scratch copy, each in a process
 * group of its own (a hung run is stopped with its workers and servers), with a JSON reporter whose
 * report is read back as the tests run and those that failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A whole layer run may take this long before its processes are stopped and it counts as hung. */
const RUN_LIMIT_MS = 45 * 60_000;

/** A failing test's id and the file to run again to check it: `{ id, file }`. */
export interface Failure {
  id: string;
  file: string | null;
}

/** What a test run found: tests run, failures, and its output when the report is missing. */
export interface RunOutcome {
  tests: number;
  failures: Failure[];
  timedOut: boolean;
  error?: string;
}

let running: number | null = null;

/** The process group of the run under way, or null. */
export function runningGroup(): number | null {
  return running;
}

/**
 * Stops the process group `pid`: SIGINT first, so Playwright stops the app servers it started (they
 * run in groups of their own), then SIGKILL for whatever is left after 15 s.
 */
export function stopGroup(pid: number): void {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group has already ended.
    }
  };
  signal('SIGINT');
  setTimeout(() => signal('SIGKILL'), 15_000).unref();
}

/**
 * Runs `command` in `cwd` in a process group of its own (so a hung run is stopped with all its
 * workers and servers), its output appended to `log`; resolves with the exit code, or null when it
 * was stopped at RUN_LIMIT_MS.
 */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string) {
  return new Promise<number | null>((resolve) => {
    writeFileSync(log, `$ ${command} ${args.join(' ')}\n`, { flag: 'a' });
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running = child.pid ?? null;
    child.stdout.on('data', (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' }));
    child.stderr.on('data', (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' }));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) stopGroup(child.pid);
    }, RUN_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      running = null;
      resolve(timedOut ? null : (code ?? 1));
    });
  });
}

/** The last lines of `log`, for a run that left no report. */
export function tail(log: string): string {
  return readFileSync(log, 'utf8').split('\n').slice(-15).join('\n');
}

interface VitestJson {
  numTotalTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}

/** Runs Vitest with `args` in `cwd` and reads its JSON report. */
export async function runVitest(cwd: string, args: string[], env: NodeJS.ProcessEnv, log: string) {
  const json = path.join(cwd, '.hand-mutants-vitest.json');
  rmSync(json, { force: true });
  const vitest = path.join(cwd, 'node_modules/.bin/vitest');
  const code = await run(
    vitest,
    [...args, '--passWithNoTests', '--reporter=json', `--outputFile=${json}`],
    cwd,
    env,
    log,
  );
  if (code === null) return { tests: 0, failures: [], timedOut: true } satisfies RunOutcome;
  if (!existsSync(json)) return { tests: 0, failures: [], timedOut: false, error: tail(log) };
  const report = JSON.parse(readFileSync(json, 'utf8')) as VitestJson;
  const failures: Failure[] = report.testResults.flatMap((file) => {
    const relative = path.relative(cwd, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [{ id: `${relative} > (file)`, file: relative }];
    return failed.map((test) => ({ id: `${relative} > ${test.fullName}`, file: relative }));
  });
  // Errors outside any test (an unhandled rejection, a timer throwing) fail the run by themselves.
  if (code !== 0 && failures.length === 0) failures.push({ id: '(unhandled error in the run)', file: null });
  return { tests: report.numTotalTests, failures, timedOut: false } satisfies RunOutcome;
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: { title: string; file: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * Every test of a Playwright JSON report as `{ id, file, failed }`. `file` is the spec file (from the
 * config's root) of the top-level suite: a test's own `file` is where it was declared, which may be
 * a helper that declares the tests of several specs.
 */
function playwrightTests(
  suites: PlaywrightSuite[],
  testDir: string,
  specFile?: string,
  titles: string[] = [],
) {
  const found: { id: string; file: string; failed: boolean }[] = [];
  for (const suite of suites) {
    const file = specFile ?? path.join(testDir, suite.file);
    const inner = specFile === undefined ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const id = [file, ...inner, spec.title].join(' > ');
        found.push({ id, file, failed: test.status === 'unexpected' || test.status === 'flaky' });
      }
    }
    found.push(...playwrightTests(suite.suites ?? [], testDir, file, inner));
  }
  return found;
}

/** Runs the Playwright specs matching `filters` against the build in `clientDir`. */
export async function runPlaywright(
  cwd: string,
  filters: string[],
  clientDir: string,
  log: string,
  servers: { workers: number; port: number },
) {
  const json = path.join(cwd, '.hand-mutants-playwright.json');
  rmSync(json, { force: true });
  const env = {
    ...process.env,
    CI: '1',
    CLIENT_DIR: clientDir,
    E2E_WORKERS: String(servers.workers),
    E2E_PORT: String(servers.port),
    PLAYWRIGHT_JSON_OUTPUT_NAME: json,
  };
  const playwright = path.join(cwd, 'node_modules/.bin/playwright');
  const code = await run(playwright, ['test', '--reporter=json', ...filters], cwd, env, log);
  if (code === null) return { tests: 0, failures: [], timedOut: true } satisfies RunOutcome;
  if (!existsSync(json)) return { tests: 0, failures: [], timedOut: false, error: tail(log) };
  const report = JSON.parse(readFileSync(json, 'utf8')) as {
    config: { rootDir: string };
    suites: PlaywrightSuite[];
    errors: { message?: string }[];
  };
  const testDir = path.relative(cwd, report.config.rootDir);
  const tests = playwrightTests(report.suites, testDir);
  const failures: Failure[] = tests.filter((test) => test.failed).map(({ id, file }) => ({ id, file }));
  // Errors outside any test, such as a spec that throws while it is loaded (the model replays walk
  // their model in Node first), fail the whole run: no test of the selection runs then.
  for (const error of report.errors) {
    const message = (error.message ?? '').split('\n')[0]!;
    if (!message.includes('No tests found'))
      failures.push({ id: `(error outside tests) ${message}`, file: null });
  }
  // A run that failed outside every test (a server that never started) has no test to blame.
  if (code !== 0 && failures.length === 0 && tests.length > 0)
    failures.push({ id: '(run failed)', file: null });
  return { tests: tests.length, failures, timedOut: false } satisfies RunOutcome;
}
