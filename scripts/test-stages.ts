/**
 * `npm test` (issue 28): the whole suite in stages, each timed, stopping at the first stage that
 * fails, then a table of every task's time. The static checks share one stage: they read the sources
 * without running them, and side by side they keep both cores busy (ESLint and tsc each use about
 * one). The unit and API tests are separate Vitest runs so each has its own time.
 *
 * A stage of one task streams its output; a stage of several prints each task's output in one block
 * as it ends, so the logs of tasks running side by side do not interleave.
 */
import { spawn } from 'node:child_process';

/** One command of a stage: its name in the table, and the shell command (npm's PATH). */
interface Task {
  name: string;
  command: string;
}

/** The stages in order; the tasks of a stage run side by side. */
const STAGES: Task[][] = [
  [
    { name: 'lint (ESLint)', command: 'eslint .' },
    { name: 'lint (Prettier)', command: 'prettier --check .' },
    { name: 'import cycles (dpdm)', command: 'npm run --silent lint:cycles' },
    { name: 'types (tsc)', command: 'tsc --noEmit -p tsconfig.json' },
    { name: 'viewer pages (stately --check)', command: 'node --import tsx scripts/stately/run.ts --check' },
  ],
  // Every project but the API ones: src/ ('unit'), server/ and tests/model ('unit-node').
  [{ name: 'unit (Vitest)', command: "vitest run --project 'unit*'" }],
  // On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (vite.config.ts).
  [{ name: 'API (Vitest)', command: "vitest run --project 'api-*'" }],
  [{ name: 'browser (build + Playwright)', command: 'npm run test:e2e' }],
];

interface Outcome {
  name: string;
  seconds: number;
  code: number;
}

/** Runs `task`; its output streams when `stream`, else it is printed in one block when it ends. */
function run(task: Task, stream: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(task.command, { shell: true, stdio: stream ? 'inherit' : 'pipe' });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (!stream) {
        process.stdout.write(`\n── ${task.name} ──\n${Buffer.concat(output).toString()}`);
      }
      console.log(`── ${task.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s ──`);
      resolve({ name: task.name, seconds, code: code ?? (signal ? 1 : 0) });
    });
  });
}

const outcomes: Outcome[] = [];
let failed = false;
const started = performance.now();
for (const stage of STAGES) {
  const stageStarted = performance.now();
  const results = await Promise.all(stage.map((task) => run(task, stage.length === 1)));
  outcomes.push(...results);
  if (stage.length > 1) {
    const seconds = (performance.now() - stageStarted) / 1000;
    outcomes.push({ name: `  (side by side: ${seconds.toFixed(1)} s)`, seconds: Number.NaN, code: 0 });
  }
  if (results.some((result) => result.code !== 0)) {
    failed = true;
    break;
  }
}

const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
console.log('\nStage times');
for (const { name, seconds, code } of outcomes) {
  if (Number.isNaN(seconds)) console.log(name);
  else
    console.log(
      `${name.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s  ${code === 0 ? 'passed' : 'FAILED'}`,
    );
}
console.log(`${'total'.padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
process.exitCode = failed ? 1 : 0;
