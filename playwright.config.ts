import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium when present (Playwright cannot download its own browser here). */
const systemChromium = '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * The suite runs as two halves side by side, each against its own server and database (ports
 * `port` and `port + 1`), so no test sees another's writes. Most test time is waiting (debounces,
 * the overlay's linger, server answers), which overlaps well even on two cores. These files form the
 * second half; every other spec, including new ones, runs in the first.
 */
const SECOND_HALF = [
  'a11y.spec.ts',
  'feeds.spec.ts',
  'users-feedback.spec.ts',
  'navigation.spec.ts',
  'users.spec.ts',
  'tokens.spec.ts',
];

/** One data directory per port, so parallel runs on other ports do not share a database. */
const server = (serverPort: number) => {
  const dataDir = `.e2e-data-${serverPort}`;
  return {
    // A fresh data directory each run, so the demo seed is what the tests see.
    command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    env: { PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  };
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: SECOND_HALF,
      // One worker per half: its tests share one database and were written to run in sequence.
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${port}` },
    },
    {
      name: 'chromium-2',
      testMatch: SECOND_HALF,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${port + 1}` },
    },
  ],
  webServer: [server(port), server(port + 1)],
});
