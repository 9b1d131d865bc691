import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, serverOrigin, serverPort } from './tests/e2e/servers';
import { EXPECT_TIMEOUT, TEST_TIMEOUT } from './tests/e2e/timing';

/** Debian's Chromium when present (Playwright cannot download its own browser here). */
const systemChromium = '/usr/bin/chromium';

/**
 * Worker `index`'s app server (tests/e2e/servers.ts): a fresh data directory each run, so the demo
 * seed is what the tests see, one per port, so workers and parallel runs never share a database.
 */
function appServer(index: number) {
  const port = serverPort(index);
  const dataDir = `.e2e-data-${String(port)}`;
  return {
    command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
    url: `${serverOrigin(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    // The `--mode e2e` build of `npm run test:e2e`: the production build plus the model trace the
    // browser replays read (src/machines/model-trace.ts).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/e2e',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Spec files are shared out between the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: TEST_TIMEOUT,
  expect: { timeout: EXPECT_TIMEOUT },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Each test's is its worker's server (tests/e2e/fixtures.ts); this is worker 0's.
    baseURL: serverOrigin(0),
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => appServer(index)),
});
