/**
 * `npm run test:mutation [--kept] [--list] [file …]` (issue 17 "Mutation testing as the measure"): StrykerJS
 * mutates each statechart file of src/machines in turn (all of them, or the `*.machine.ts` files
 * named) and runs the model tests of tests/model alone against every mutant
 * (vitest.mutation.config.ts, with MODEL_MACHINE_FILES set to the file and the machine files that
 * import it, so only the paths of the machines it can change rerun). Prints, per file, the mutants
 * killed, survived and uncovered and the score (killed / all valid mutants), then the total and
 * every survivor of the session and login machines. Each file's whole report is kept as
 * reports/mutation/<file>.json; `--kept` prints the table from those without running Stryker; `--list`
 * also prints every surviving and uncovered mutant of the files, with its source line. Not
 * part of `npm test`: one file takes minutes on the 2-core machine.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'reports/mutation/mutation.json');
const MACHINES = path.join(ROOT, 'src/machines');
/** Machines whose survivors are listed one by one: the flows reviewers read (issue 17). */
const LISTED = new Set(['session.machine.ts', 'login.machine.ts']);

interface MutantResult {
  id: string;
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
}

interface Counts {
  file: string;
  killed: number;
  survived: number;
  noCoverage: number;
  other: number;
}

/** Killed (or timed out: the mutant hung the tests) over every mutant that compiled and ran. */
function score(counts: Omit<Counts, 'file'>): number {
  const valid = counts.killed + counts.survived + counts.noCoverage;
  return valid === 0 ? Number.NaN : (100 * counts.killed) / valid;
}

/**
 * `file` and the machine files that import values from it (`import { … } from './list.machine'`):
 * the machines a mutant of `file` can change. A factory such as list.machine.ts exports no machine
 * itself; ordersList.machine.ts and the others build theirs with it, so their models kill its mutants.
 */
function machineFilesOf(file: string): string[] {
  const stem = file.replace(/\.ts$/, '');
  const importsIt = new RegExp(`^import \\{[^}]*\\} from '\\./${stem}';`, 'm');
  const importers = readdirSync(MACHINES).filter(
    (other) =>
      other !== file &&
      other.endsWith('.machine.ts') &&
      importsIt.test(readFileSync(path.join(MACHINES, other), 'utf8')),
  );
  return [file, ...importers];
}

/** Where the report of `file`'s last run is kept. */
function reportOf(file: string): string {
  return path.join(path.dirname(REPORT), file.replace(/\.ts$/, '.json'));
}

/** Runs Stryker on one machine file and keeps its report (`reportOf`). */
function mutate(file: string): void {
  const run = spawnSync(
    'npx',
    ['stryker', 'run', '--mutate', `src/machines/${file}`, '--reporters', 'json,progress-append-only'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, MODEL_MACHINE_FILES: machineFilesOf(file).join(',') },
    },
  );
  if (run.status !== 0) throw new Error(`Stryker failed on ${file} (exit ${String(run.status)})`);
  // Each run overwrites Stryker's report; a copy per file keeps every survivor for reading.
  copyFileSync(REPORT, reportOf(file));
}

/** The counts, the survivors and the uncovered mutants of `file`'s kept report. */
function summarise(file: string): { counts: Counts; survivors: MutantResult[]; uncovered: MutantResult[] } {
  const report = JSON.parse(readFileSync(reportOf(file), 'utf8')) as {
    files: Record<string, { mutants: MutantResult[] }>;
  };
  const mutants = Object.values(report.files).flatMap((entry) => entry.mutants);
  const counts: Counts = { file, killed: 0, survived: 0, noCoverage: 0, other: 0 };
  for (const mutant of mutants) {
    if (mutant.status === 'Killed' || mutant.status === 'Timeout') counts.killed += 1;
    else if (mutant.status === 'Survived') counts.survived += 1;
    else if (mutant.status === 'NoCoverage') counts.noCoverage += 1;
    else counts.other += 1;
  }
  return {
    counts,
    survivors: mutants.filter((mutant) => mutant.status === 'Survived'),
    uncovered: mutants.filter((mutant) => mutant.status === 'NoCoverage'),
  };
}

/** One line per mutant: status, line:column, mutator, the source line and the replacement. */
function printMutants(file: string, mutants: MutantResult[]): void {
  const lines = readFileSync(path.join(MACHINES, file), 'utf8').split('\n');
  const sorted = [...mutants].sort((a, b) => a.location.start.line - b.location.start.line);
  console.log(`\n${file}: ${String(mutants.length)} mutants not killed`);
  for (const mutant of sorted) {
    const { line, column } = mutant.location.start;
    const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
    console.log(
      `${mutant.status} ${String(line)}:${String(column)} ${mutant.mutatorName}: ${(lines[line - 1] ?? '').trim()}\n    → ${replacement}`,
    );
  }
}

const args = process.argv.slice(2);
/** `--kept`: print the table from the reports the last runs kept, without running Stryker. */
const kept = args.includes('--kept');
/** `--list`: print each surviving and uncovered mutant, to find the test that is missing. */
const list = args.includes('--list');
const requested = args.filter((arg) => !arg.startsWith('--')).map((arg) => path.basename(arg));
const files = requested.length
  ? requested
  : readdirSync(MACHINES)
      .filter((name) => name.endsWith('.machine.ts'))
      .sort();

const rows: Counts[] = [];
const listed: string[] = [];
const missing = kept ? files.filter((file) => !existsSync(reportOf(file))) : [];
if (missing.length > 0) {
  console.error(
    `No kept report for ${missing.join(', ')}: run \`npm run test:mutation -- ${missing.join(' ')}\` first.`,
  );
  process.exit(1);
}

for (const file of files) {
  if (!kept) mutate(file);
  const { counts, survivors, uncovered } = summarise(file);
  rows.push(counts);
  if (list) printMutants(file, [...survivors, ...uncovered]);
  if (LISTED.has(file)) {
    for (const mutant of survivors) {
      const { line, column } = mutant.location.start;
      listed.push(`${file}:${line}:${column} ${mutant.mutatorName} → ${mutant.replacement ?? ''}`);
    }
  }
}

const total = rows.reduce(
  (sum, row) => ({
    file: 'all',
    killed: sum.killed + row.killed,
    survived: sum.survived + row.survived,
    noCoverage: sum.noCoverage + row.noCoverage,
    other: sum.other + row.other,
  }),
  { file: 'all', killed: 0, survived: 0, noCoverage: 0, other: 0 },
);
console.log('\nMutation score of the model tests (target ≥ 85 %)');
console.log('| file | killed | survived | no coverage | not run | score |');
console.log('|---|---|---|---|---|---|');
for (const row of [...rows, total]) {
  console.log(
    `| ${row.file} | ${row.killed} | ${row.survived} | ${row.noCoverage} | ${row.other} | ${score(row).toFixed(1)} % |`,
  );
}
if (listed.length > 0) console.log(`\nSurvivors in the session and login machines:\n${listed.join('\n')}`);
