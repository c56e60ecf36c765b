// Lint step: no source file of any app, the contract, the scripts or the e2e helpers grows past 600
// lines (tests and generated files aside). Long files are where rules hide and where parallel work
// collides; split along the seams instead (docs/architecture.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const MAX_LINES = 600;
export const ROOTS = [
  'apps/server/src',
  'apps/server/bench',
  'apps/web/src',
  'apps/console/src',
  'packages/contract/src',
  'scripts',
  'e2e',
];
const skip = (f) => /\.(test|spec)\.tsx?$/.test(f) || /\.generated\.ts$/.test(f) || f.endsWith('.d.ts');

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'test' && name !== 'dist') yield* sources(p);
    } else if (/\.(tsx?|mjs)$/.test(name) && !skip(name)) yield p;
  }
}

export function oversizedFiles(root = process.cwd()) {
  const out = [];
  for (const r of ROOTS)
    for (const f of sources(join(root, r))) {
      const lines = readFileSync(f, 'utf8').split('\n').length - 1;
      if (lines > MAX_LINES) out.push({ file: relative(root, f), lines });
    }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bad = oversizedFiles();
  for (const b of bad) console.error(`${b.file}: ${b.lines} lines (max ${MAX_LINES}); split it along its seams`);
  if (bad.length) process.exit(1);
  console.log(`file sizes: every source file in ${ROOTS.join(', ')} is at most ${MAX_LINES} lines`);
}
