// npm start: compile what is stale (server with esbuild, web app and console with vite), then run the
// compiled server (it migrates the database and, unless SEED_DEMO=0, seeds demo data).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeededAsync } from './build-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const main = await buildServerIfNeeded();
const node = (args) => spawn(process.execPath, ['--enable-source-maps', main, ...args], { stdio: 'inherit', cwd: root, env: process.env });
const exited = (child) => new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

// A bad setting is reported before the web app is built.
const check = spawnSync(process.execPath, ['--enable-source-maps', main, '--check-config'], {
  stdio: 'inherit',
  cwd: root,
  env: process.env,
});
if (check.status !== 0) process.exit(1);

// On a fresh clone the two builds and the database's creation and migrations are the slow steps; they do
// not depend on each other, so they run at once (the server then reopens the migrated database quickly).
const [built, migrated] = await Promise.allSettled([buildIfNeededAsync(), exited(node(['--migrate', '--quiet']))]);
if (built.status === 'rejected') {
  console.error(built.reason.message);
  process.exit(1);
}
if (migrated.value !== 0) process.exit(migrated.value);

const child = node([]);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
