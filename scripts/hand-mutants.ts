/**
 * `npm run test:hand-mutants -- [--tree <dir>] [--out <file>] [--browser] [--only <id,…>]
 * [--vitest-project <pattern>] [--workers <n>] [--port <n>]`, or `-- --print <file>` (issue 28: the
 * hand-written mutants are killed at least as well as by the old suite).
 *
 * Copies the tree (default: this repository; `--tree` another checkout, e.g. a worktree of the
 * baseline commit) to a scratch directory (its tracked and unignored files, node_modules hard-linked),
 * so the tree itself is never touched. Then, for each mutant of `hand-mutants-list.ts` in turn, it
 * replaces the mutant's text in the copy and runs the layers that can see it:
 * - `unit`: `vitest related <file>` over every project but the API ones (`--vitest-project`, default
 *   `!api-*`): the test files that import the mutated module, directly or not. MODEL_MACHINE_FILES
 *   names the machine files that depend on it, so the model tests walk only the machines the mutant
 *   can change (as `npm run test:mutation` does; that also leaves out the viewer pages' staleness
 *   check, which a regenerated page would pass);
 * - `browser` (with `--browser`): the copy built with `vite build --mode e2e`, then the Playwright
 *   specs whose path matches one of the mutant's areas, on one worker (`--workers`) and ports from
 *   4391 (`--port`), so runs of other checkouts on the default ports are not disturbed.
 * A layer kills the mutant when a test fails that passes without it: every failing test file (spec
 * file) is run again on the unmutated copy, and failures found there too are listed but not counted.
 * Prints a table and the kill rate per layer and overall (killed by any layer), and writes the report
 * as JSON to `--out` (default reports/hand-mutants/latest.json) after every mutant; `--print <file>`
 * prints the table of a kept report. The unit layer takes 1–3 minutes a mutant on the shared 2-core
 * machine; the browser layer adds 2–6.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HAND_MUTANTS } from './hand-mutants-list';
import type { HandMutant } from './hand-mutants-list';
import { machineFilesDependingOn } from './hand-mutants-imports';
import { run, runningGroup, runPlaywright, runVitest, stopGroup, tail } from './hand-mutants-runs';
import type { RunOutcome } from './hand-mutants-runs';

const ROOT = path.resolve(import.meta.dirname, '..');
/** How many failing tests a layer's report names (a text mutant can fail hundreds of model paths). */
const LISTED = 25;

type Layer = 'unit' | 'browser';
type Verdict = 'killed' | 'survived' | 'no tests' | 'error' | 'timeout';

/** What one layer did with one mutant. */
interface LayerResult {
  verdict: Verdict;
  /** Tests run (Vitest: in the related files; Playwright: in the matching specs). */
  tests: number;
  /** How many tests failed with the mutant and pass without it. */
  failingCount: number;
  /** The first LISTED of them (`file > title`). */
  failing: string[];
  /** Tests that failed with the mutant and also without it: not counted. */
  failingWithoutMutant: string[];
  seconds: number;
  /** The end of the run's output when it ended without a usable report. */
  error?: string;
}

/** One mutant's line of the report. */
interface MutantReport extends Omit<HandMutant, 'find' | 'replace' | 'areas'> {
  /** Why the mutant was not run (its text is not exactly once in the file), or null. */
  notApplicable: string | null;
  machineFiles: string[];
  layers: Partial<Record<Layer, LayerResult>>;
}

/** The JSON report. */
interface Report {
  tree: string;
  commit: string;
  /** True when the tree had changes not committed when it was copied. */
  uncommitted: boolean;
  started: string;
  seconds: number;
  loadAverage: { start: number[]; end: number[] };
  layers: Layer[];
  mutants: MutantReport[];
}

/** The verdict of a layer from its run with the mutant and the failures that remain without it. */
function verdictOf(outcome: RunOutcome, withoutMutant: Set<string> | null, seconds: number): LayerResult {
  if (withoutMutant === null) {
    const error = 'the failing tests could not be run again without the mutant (see the log)';
    return verdictOf({ ...outcome, error }, new Set(), seconds);
  }
  const failing = outcome.failures.map((failure) => failure.id).filter((id) => !withoutMutant.has(id));
  const failingWithoutMutant = outcome.failures.map((f) => f.id).filter((id) => withoutMutant.has(id));
  const verdict: Verdict = outcome.timedOut
    ? 'timeout'
    : outcome.error !== undefined
      ? 'error'
      : failing.length > 0
        ? 'killed'
        : outcome.tests === 0
          ? 'no tests'
          : 'survived';
  return {
    verdict,
    tests: outcome.tests,
    failingCount: failing.length,
    failing: failing.slice(0, LISTED),
    failingWithoutMutant: failingWithoutMutant.slice(0, LISTED),
    seconds: Math.round(seconds),
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  };
}

/**
 * Ids of `outcome`'s failures that also fail when `rerun` runs their files on the unmutated copy, or
 * null when that run ran no test (then nothing shows the failures are the mutant's).
 */
async function failingWithoutMutant(
  outcome: RunOutcome,
  rerun: (files: string[] | null) => Promise<RunOutcome>,
): Promise<Set<string> | null> {
  if (outcome.failures.length === 0) return new Set();
  const files = outcome.failures.map((failure) => failure.file);
  // A failure outside any test file is checked by running the whole selection again.
  const again = await rerun(files.includes(null) ? null : [...new Set(files as string[])]);
  if (again.timedOut || again.error !== undefined || again.tests === 0) return null;
  return new Set(again.failures.map((failure) => failure.id));
}

/** Runs `mutant`'s layers in `scratch` and restores the mutated file afterwards. */
async function runMutant(mutant: HandMutant, scratch: string, logs: string): Promise<MutantReport> {
  const { find: _find, replace: _replace, areas, ...described } = mutant;
  const file = path.join(scratch, mutant.file);
  const original = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const occurrences = original === null ? 0 : original.split(mutant.find).length - 1;
  const machineFiles = original === null ? [] : machineFilesDependingOn(scratch, mutant.file);
  const report: MutantReport = { ...described, notApplicable: null, machineFiles, layers: {} };
  if (original === null || occurrences !== 1) {
    report.notApplicable = original === null ? 'no such file' : `its text occurs ${occurrences} times`;
    return report;
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.TEST_DATABASE_URL;
  delete env.MODEL_MACHINE_FILES;
  if (machineFiles.length > 0) env.MODEL_MACHINE_FILES = machineFiles.join(',');
  const projects = [`--project=${options.vitestProject}`];
  const log = (layer: Layer) => path.join(logs, `${mutant.id}.${layer}.log`);

  writeFileSync(
    file,
    original.replace(mutant.find, () => mutant.replace),
  );
  let unit: RunOutcome | null = null;
  let browser: RunOutcome | null = null;
  const started = { unit: Date.now(), browser: 0 };
  try {
    unit = await runVitest(scratch, ['related', '--run', mutant.file, ...projects], env, log('unit'));
    started.browser = Date.now();
    if (options.browser) {
      const build = await run(
        path.join(scratch, 'node_modules/.bin/vite'),
        ['build', '--mode', 'e2e', '--outDir', 'dist/hand-mutants-mutant'],
        scratch,
        process.env,
        log('browser'),
      );
      browser =
        build === 0
          ? await runPlaywright(scratch, areas, 'dist/hand-mutants-mutant', log('browser'), options)
          : { tests: 0, failures: [], timedOut: build === null, error: tail(log('browser')) };
    }
  } finally {
    writeFileSync(file, original);
  }
  const unitSeconds = (started.browser - started.unit) / 1000;
  const browserSeconds = (Date.now() - started.browser) / 1000;
  const unitClean = await failingWithoutMutant(unit, (files) =>
    runVitest(
      scratch,
      files ? ['run', ...projects, ...files] : ['related', '--run', mutant.file, ...projects],
      env,
      log('unit'),
    ),
  );
  report.layers.unit = verdictOf(unit, unitClean, unitSeconds);
  if (browser) {
    const browserClean = await failingWithoutMutant(browser, (files) =>
      runPlaywright(scratch, files ?? areas, 'dist/hand-mutants-clean', log('browser'), options),
    );
    report.layers.browser = verdictOf(browser, browserClean, browserSeconds);
  }
  return report;
}

/** Copies `tree`'s tracked and unignored files to a new scratch directory, node_modules hard-linked. */
function copyTree(tree: string): string {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hand-mutants-'));
  const files = execFileSync('git', ['-C', tree, 'ls-files', '-co', '--exclude-standard', '-z'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(tree, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    cpSync(path.join(tree, file), path.join(scratch, file));
  }
  // Hard links: seconds instead of minutes, and nothing here writes into a package's files. The
  // caches are dropped, since their files are rewritten in place and would change the tree's own.
  execFileSync('cp', ['-al', path.join(tree, 'node_modules'), path.join(scratch, 'node_modules')]);
  rmSync(path.join(scratch, 'node_modules/.vite'), { recursive: true, force: true });
  rmSync(path.join(scratch, 'node_modules/.cache'), { recursive: true, force: true });
  return scratch;
}

/** A layer's kill rate over the mutants that ran: `killed / ran (percent)`. */
function rate(mutants: MutantReport[], killed: (mutant: MutantReport) => boolean): string {
  const ran = mutants.filter((mutant) => mutant.notApplicable === null);
  const count = ran.filter(killed).length;
  const percent = ran.length === 0 ? 0 : (100 * count) / ran.length;
  return `${count} / ${ran.length} (${percent.toFixed(1)} %)`;
}

const isKill = (result: LayerResult | undefined) =>
  result?.verdict === 'killed' || result?.verdict === 'timeout';

/** Prints the report's table and its kill rates. */
function printReport(report: Report): void {
  const cell = (result: LayerResult | undefined) =>
    result === undefined ? '–' : `${result.verdict} (${result.failingCount}/${result.tests})`;
  console.log(
    `\nHand-written mutants on ${report.tree} at ${report.commit}${report.uncommitted ? ' (+ changes)' : ''}`,
  );
  console.log('| mutant | kind | file | unit | browser |');
  console.log('|---|---|---|---|---|');
  for (const mutant of report.mutants) {
    const layers = mutant.notApplicable
      ? `not applicable: ${mutant.notApplicable} | –`
      : `${cell(mutant.layers.unit)} | ${cell(mutant.layers.browser)}`;
    console.log(`| ${mutant.id} | ${mutant.kind} | ${mutant.file} | ${layers} |`);
  }
  console.log('\nKilled (failed tests / tests run in brackets above):');
  for (const layer of report.layers) {
    console.log(`- ${layer}: ${rate(report.mutants, (mutant) => isKill(mutant.layers[layer]))}`);
  }
  console.log(
    `- overall (any layer): ${rate(report.mutants, (mutant) => Object.values(mutant.layers).some(isKill))}`,
  );
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' ');
  console.log(
    `${Math.round(report.seconds / 60)} min; load average ${load(report.loadAverage.start)} at the start, ${load(report.loadAverage.end)} at the end`,
  );
}

/** The command line's value of `--name`, or `fallback`. */
function option(args: string[], name: string, fallback: string): string {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? args[index + 1]! : fallback;
}

const args = process.argv.slice(2);
const options = {
  tree: path.resolve(option(args, 'tree', ROOT)),
  out: path.resolve(option(args, 'out', path.join(ROOT, 'reports/hand-mutants/latest.json'))),
  browser: args.includes('--browser'),
  only: option(args, 'only', '')
    .split(',')
    .filter((id) => id !== ''),
  vitestProject: option(args, 'vitest-project', '!api-*'),
  workers: Number(option(args, 'workers', '1')),
  port: Number(option(args, 'port', '4391')),
};

/** Copies the tree, runs every mutant (or those of `--only`), keeps and prints the report. */
async function main(): Promise<void> {
  const unknown = options.only.filter((id) => !HAND_MUTANTS.some((mutant) => mutant.id === id));
  if (unknown.length > 0) throw new Error(`No mutant ${unknown.join(', ')} in scripts/hand-mutants-list.ts`);
  const mutants = HAND_MUTANTS.filter(
    (mutant) => options.only.length === 0 || options.only.includes(mutant.id),
  );
  const git = (...gitArgs: string[]) =>
    execFileSync('git', ['-C', options.tree, ...gitArgs], { encoding: 'utf8' });
  const started = Date.now();
  const report: Report = {
    tree: options.tree,
    commit: git('rev-parse', 'HEAD').trim(),
    uncommitted: git('status', '--porcelain', '--untracked-files=no').trim() !== '',
    started: new Date(started).toISOString(),
    seconds: 0,
    loadAverage: { start: os.loadavg(), end: [] },
    layers: options.browser ? ['unit', 'browser'] : ['unit'],
    mutants: [],
  };
  const logs = options.out.replace(/\.json$/, '') + '.logs';
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });
  const scratch = copyTree(options.tree);
  const stop = () => {
    const group = runningGroup();
    if (group !== null) stopGroup(group);
    // Gives the servers the stopped run started time to end before their directory goes.
    setTimeout(() => {
      rmSync(scratch, { recursive: true, force: true });
      process.exit(130);
    }, 16_000);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    if (options.browser) {
      const vite = path.join(scratch, 'node_modules/.bin/vite');
      const buildArgs = ['build', '--mode', 'e2e', '--outDir', 'dist/hand-mutants-clean'];
      if ((await run(vite, buildArgs, scratch, process.env, path.join(logs, 'clean-build.log'))) !== 0)
        throw new Error(`The unmutated copy does not build: see ${logs}/clean-build.log`);
    }
    for (const [index, mutant] of mutants.entries()) {
      console.log(`[${index + 1}/${mutants.length}] ${mutant.id} (${mutant.kind}, ${mutant.file})`);
      const result = await runMutant(mutant, scratch, logs);
      report.mutants.push(result);
      const layers = Object.entries(result.layers).map(([layer, value]) => `${layer} ${value.verdict}`);
      console.log(
        `    ${result.notApplicable ? `not applicable: ${result.notApplicable}` : layers.join(', ')}`,
      );
      report.seconds = (Date.now() - started) / 1000;
      report.loadAverage.end = os.loadavg();
      mkdirSync(path.dirname(options.out), { recursive: true });
      writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  printReport(report);
  console.log(`\nReport: ${options.out}; logs: ${logs}`);
}

const printing = option(args, 'print', '');
if (printing !== '') printReport(JSON.parse(readFileSync(path.resolve(printing), 'utf8')) as Report);
else await main();
