import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

let builtThisRun = false;

/**
 * Builds the web app once per bench run (unless --no-build), so every figure is of the code in the tree: a
 * dist left from an earlier checkout would measure old code. With --no-build the existing dist is used.
 */
export function ensureWebBuild(root: string, build: boolean): string | null {
  const indexHtml = path.join(root, 'apps/web/dist/index.html');
  if (!build || builtThisRun)
    return fs.existsSync(indexHtml) ? null : 'apps/web/dist is missing; run `npm run build -w apps/web` (or drop --no-build).';
  console.log('Building the web app (npm run build -w apps/web)…');
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0 || !fs.existsSync(indexHtml)) return `The web build failed:\n${(res.stdout + res.stderr).slice(-2000)}`;
  builtThisRun = true;
  return null;
}

export interface HomeScreenJs {
  files: Array<{ file: string; bytes: number; gzip: number }>;
  totalGzip: number;
  note?: string;
}

/**
 * The JavaScript the browser must fetch before the home screen shows: the entry and its imports, the
 * strings of the default language and the home screen chunk (from the build manifest).
 * Each file is gzipped on its own at level 9, as the server sends it.
 */
export function homeScreenJs(root: string, opts: { build: boolean }): HomeScreenJs {
  const web = path.join(root, 'apps/web');
  const dist = path.join(web, 'dist');
  if (!fs.existsSync(path.join(web, 'index.html')))
    return { files: [], totalGzip: 0, note: 'apps/web has no index.html (the web app is not in this tree yet): nothing to measure.' };
  const problem = ensureWebBuild(root, opts.build);
  if (problem) return { files: [], totalGzip: 0, note: problem };
  const indexHtml = path.join(dist, 'index.html');
  // With the build manifest: the entry and its static imports, the default-language core strings, and the
  // home screen's own chunk with its imports — everything the first screen waits for.
  const manifestPath = path.join(dist, '.vite/manifest.json');
  const refs = new Set<string>();
  if (fs.existsSync(manifestPath)) {
    const m = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const seen = new Set<string>();
    const walk = (k: string | undefined) => {
      if (!k || seen.has(k) || !m[k]) return;
      seen.add(k);
      refs.add(m[k].file);
      for (const i of m[k].imports ?? []) walk(i);
    };
    walk('index.html');
    walk(Object.keys(m).find((k) => k.endsWith('locales/core/zh_CN.json')));
    walk(Object.keys(m).find((k) => k.endsWith('app/screens/home.screen.tsx')));
  } else {
    const html = fs.readFileSync(indexHtml, 'utf8');
    for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)) refs.add(m[1]);
    for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)) refs.add(m[1]);
  }
  const files = [...refs].map((ref) => {
    const rel = ref
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/^\.?\//, '')
      .split(/[?#]/)[0];
    const buf = fs.readFileSync(path.join(dist, rel));
    return { file: rel, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  });
  return {
    files,
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    note: files.length ? undefined : 'dist/index.html references no module script.',
  };
}
