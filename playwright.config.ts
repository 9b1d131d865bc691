import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium when present (Playwright cannot download its own browser here). */
const systemChromium = '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4173);
/** One data directory per port, so parallel runs on other ports do not share a database. */
const dataDir = `.e2e-data-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    // A fresh data directory each run, so the demo seed is what the tests see.
    command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    // The `--mode e2e` build of `npm run test:e2e`: the production build plus the model trace the
    // browser replays read (src/machines/model-trace.ts).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/e2e',
    },
  },
});
