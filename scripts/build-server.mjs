// Compiles the server into apps/server/dist/main.js with esbuild: workspace code (the contract) is
// bundled in, node_modules stay external and load from node_modules at run time. The migrations stay in
// apps/server/drizzle, which the compiled server finds next to its dist folder.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'apps/server/dist/main.js');

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

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Bare imports are packages: external, except our own workspace packages, which are TypeScript sources.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pinyou/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  await build({
    // The embedded database's worker thread (src/db/pglite-worker.ts) is a second entry, beside main.js.
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      'pglite-worker': path.join(root, 'apps/server/src/db/pglite-worker.ts'),
    },
    outdir: path.dirname(out),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
    // Bundled CommonJS helpers may call require().
    banner: { js: "import { createRequire as __pinyouRequire } from 'node:module'; const require = __pinyouRequire(import.meta.url);" },
  });
}

export async function buildServerIfNeeded({ force = false } = {}) {
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const sources = Math.max(newest(path.join(root, 'apps/server/src')), newest(path.join(root, 'packages/contract/src')));
  if (force || built < sources) {
    console.log('Building apps/server ...');
    await buildServer();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfNeeded({ force: process.argv.includes('--force') });
