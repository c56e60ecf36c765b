// Prints every registered API path ("api <path>") and every web route that has a real screen ("web <route>").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../apps/server/src/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { paths, type PathName } from '../apps/web/src/lib/paths.ts';
import { screens } from '../apps/web/src/app/screen-table.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-routes-'));
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase({ dataDir: null });
const { app, apiPaths, close } = await buildApp({ env, database, logger: false });
await app.ready();
const lines = [...apiPaths].sort().map((p) => `api ${p}`);
for (const [name, route] of Object.entries(paths)) {
  if (screens[name as PathName]) lines.push(`web ${route}`);
}
console.log(lines.join('\n'));
await close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
