import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8765);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a test that passes only on its retry is still reported as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-SG',
    screenshot: 'only-on-failure',
    // The production build registers a service worker, and a page it controls sends its API calls past
    // page.route: a test that fails a call (app-trust, trust-gaps) then saw real answers whenever the worker
    // had taken control first (a flaky CI run showed "No parcels here yet" where the failure state belonged).
    // No test here is about the worker itself.
    serviceWorkers: 'block',
    // The browser asks for less motion, so the console's dialogs and lists do not zoom or slide in: a click on a
    // dialog's button in its first frames pressed a button drawn at a fifth of its size, and the release landed
    // on the dialog's backdrop once it had grown (logged in the browser; the flaky "Record stage" of CI).
    // console-motion.e2e.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The end-to-end server always runs on a fresh embedded database with demo data.
    command: `node --import tsx ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ADMIN_PASSWORD: 'e2e-admin-pass',
      // Every console test logs staff in from this one address; the default (20 per 15 minutes) would refuse.
      STAFF_LOGIN_LIMIT: '1000',
    },
  },
});
