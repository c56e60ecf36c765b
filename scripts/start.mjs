// npm start: build what is not built, then run the server (it migrates the database and seeds demo data).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// A bad setting is reported before anything is built.
const check = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '-e',
    "import('./apps/server/src/env.ts').then((m) => m.loadEnv()).catch((e) => { console.error(e.message); process.exit(1); })",
  ],
  { stdio: 'inherit', cwd: root, env: process.env },
);
if (check.status !== 0) process.exit(1);
buildIfNeeded();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
