// npm start: compile what is stale (server with esbuild, web app and console with vite), then run the
// compiled server (it migrates the database and, unless SEED_DEMO=0, seeds demo data).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const main = await buildServerIfNeeded();
// A bad setting is reported before the web app is built.
const check = spawnSync(process.execPath, ['--enable-source-maps', main, '--check-config'], {
  stdio: 'inherit',
  cwd: root,
  env: process.env,
});
if (check.status !== 0) process.exit(1);
buildIfNeeded();
const child = spawn(process.execPath, ['--enable-source-maps', main], { stdio: 'inherit', cwd: root, env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
