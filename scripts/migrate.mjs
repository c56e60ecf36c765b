// npm run migrate: apply the database migrations alone (under the same advisory lock as start-up), then exit.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServerIfNeeded } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const main = await buildServerIfNeeded();
const r = spawnSync(process.execPath, ['--enable-source-maps', main, '--migrate'], { stdio: 'inherit', cwd: root, env: process.env });
process.exit(r.status ?? 1);
