// npm test: type checks, unit + API tests (PGlite in memory, or PostgreSQL when DATABASE_URL is set),
// then end-to-end tests in headless Chromium against a freshly started server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
};

run('Type check', 'npm', ['run', '-s', 'typecheck']);
run(`Unit and API tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npx', ['vitest', 'run']);
buildIfNeeded();
run('End-to-end tests (Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts']);
console.log('\nAll tests passed.');
