import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

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
  const indexHtml = path.join(dist, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    if (!fs.existsSync(path.join(web, 'index.html'))) {
      return { files: [], totalGzip: 0, note: 'apps/web has no index.html (the web app is not in this tree yet): nothing to measure.' };
    }
    if (!opts.build)
      return {
        files: [],
        totalGzip: 0,
        note: 'apps/web/dist is missing; run `npm run build -w apps/web` (or the bench without --no-build).',
      };
    console.log('apps/web/dist is missing: building it (npm run build -w apps/web)…');
    const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
    if (res.status !== 0 || !fs.existsSync(indexHtml)) {
      return { files: [], totalGzip: 0, note: `The web build failed:\n${(res.stdout + res.stderr).slice(-2000)}` };
    }
  }
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
    walk(Object.keys(m).find((k) => k.endsWith('screens/pages/index/index.screen.tsx')));
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
