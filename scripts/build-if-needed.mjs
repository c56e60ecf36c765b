// Builds the web app and the console when their dist is missing or older than their sources.
import { execSync } from 'node:child_process';
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

export function buildIfNeeded({ force = false } = {}) {
  const contract = newest(path.join(root, 'packages/contract/src'));
  for (const app of ['web', 'console']) {
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
    if (force || built < sources) {
      console.log(`Building apps/${app} ...`);
      execSync('npx vite build --logLevel warn', { cwd: dir, stdio: 'inherit' });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded({ force: process.argv.includes('--force') });
