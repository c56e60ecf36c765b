// npm run test:e2e [-- <playwright args>]: build the web app and console if stale, then run the
// end-to-end tests in headless Chromium against a fresh server (e2e/playwright.config.ts starts it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
buildIfNeeded();
const r = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
  env: process.env,
});
process.exit(r.status ?? 1);
