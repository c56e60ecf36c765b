// Builds the web app and the console when their dist is missing or older than their sources.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** The apps (web, console) whose build is missing or older than their sources or the contract's. */
function staleApps(force) {
  const contract = newest(path.join(root, 'packages/contract/src'));
  return ['web', 'console'].filter((app) => {
    const dir = path.join(root, 'apps', app);
    const marker = path.join(dir, 'dist/index.html');
    const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
    const sources = Math.max(
      contract,
      newest(path.join(dir, 'src')),
      newest(path.join(dir, 'public')),
      fs.statSync(path.join(dir, 'index.html')).mtimeMs,
      fs.statSync(path.join(dir, 'vite.config.ts')).mtimeMs,
    );
    return force || built < sources;
  });
}

export function buildIfNeeded({ force = false } = {}) {
  for (const app of staleApps(force)) {
    console.log(`Building apps/${app} ...`);
    execSync('npx vite build --logLevel warn', { cwd: path.join(root, 'apps', app), stdio: 'inherit' });
  }
}

/**
 * The same, both apps at once and without blocking: `npm start` overlaps them with the database's
 * creation and migrations. Resolves when both are built; rejects with the failing app's name.
 */
export function buildIfNeededAsync({ force = false } = {}) {
  return Promise.all(
    staleApps(force).map(
      (app) =>
        new Promise((resolve, reject) => {
          console.log(`Building apps/${app} ...`);
          const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps', app), stdio: 'inherit' });
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(app) : reject(new Error(`Building apps/${app} failed (exit ${code})`))));
        }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded({ force: process.argv.includes('--force') });
