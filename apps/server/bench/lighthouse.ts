/**
 * `npm run bench -- --only lighthouse`: Lighthouse (its default: mobile, simulated throttling) on the
 * production build of the customer app as the server sends it (pre-compressed assets), on the home, parcel
 * list, mall list and checkout screens. The demo customer is logged in the way the app keeps its session:
 * the token in localStorage (TOKEN, {content, expire}). Chromium from CHROME_PATH (default /usr/bin/chromium).
 * BENCH_LIGHTHOUSE_DIR=<folder> keeps each screen's full report (JSON) there, to see what the scores blame.
 * Each screen is measured BENCH_LIGHTHOUSE_RUNS times (default 3) and each category's median is its score, as
 * Lighthouse's documentation on variability advises: one run of the same build moved by 5-7 points here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ensureWebBuild } from './web-size.ts';
import { contract } from '@pinyou/contract';
import { startServer } from './server-process.ts';

export const LIGHTHOUSE_TARGET = 95;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRow {
  screen: string;
  url: string;
  /** Each category's median over the runs. */
  scores: Record<(typeof categories)[number], number | null>;
  /** Performance in each run, in order. */
  performanceRuns: (number | null)[];
}

/** The middle value (the lower middle of an even count); null when no run gave a score. */
function median(values: (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
}

/** The parts of Lighthouse's and Puppeteer's APIs used here (their packages live in the kit, not the project). */
interface LhPage {
  goto(url: string): Promise<unknown>;
  evaluate<A>(fn: (a: A) => void, a: A): Promise<unknown>;
  close(): Promise<void>;
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config: undefined,
  page: LhPage,
) => Promise<{ lhr: { categories: Record<string, { score: number | null } | undefined> } } | undefined>;
interface Puppeteer {
  launch(o: { executablePath: string; headless: boolean; args: string[] }): Promise<{ newPage(): Promise<LhPage>; close(): Promise<void> }>;
}

/**
 * Lighthouse and Puppeteer come from `bench/lighthouse-kit` (its own package.json and lock), installed there on
 * first use: the project's `npm ci` stays without them, and this run still gets the locked versions.
 */
function loadKit(): Promise<{ lighthouse: Lighthouse; puppeteer: Puppeteer }> | string {
  const kit = path.join(path.dirname(new URL(import.meta.url).pathname), 'lighthouse-kit');
  if (!fs.existsSync(path.join(kit, 'node_modules/lighthouse'))) {
    console.log('Installing Lighthouse into apps/server/bench/lighthouse-kit (first use; npm ci from its lock)…');
    const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: kit, encoding: 'utf8' });
    if (res.status !== 0) return `Installing Lighthouse failed:\n${(res.stdout + res.stderr).slice(-2000)}`;
  }
  const req = createRequire(path.join(kit, 'package.json'));
  const load = async (name: string) => ((await import(pathToFileURL(req.resolve(name)).href)) as { default: unknown }).default;
  return Promise.all([load('lighthouse'), load('puppeteer-core')]).then(([lighthouse, puppeteer]) => ({
    lighthouse: lighthouse as Lighthouse,
    puppeteer: puppeteer as Puppeteer,
  }));
}

export async function runLighthouse(root: string, opts: { build: boolean }): Promise<{ rows: LighthouseRow[]; note?: string }> {
  const problem = ensureWebBuild(root, opts.build);
  if (problem) return { rows: [], note: problem };
  const kit = loadKit();
  if (typeof kit === 'string') return { rows: [], note: kit };
  const { lighthouse, puppeteer } = await kit;
  const server = await startServer({ database: 'pglite', env: { SEED_DEMO: '1', ALLOW_DEMO_SEED: '1' } });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const login = await server.call(contract.account.login, { account: 'demo', password: 'demo1234' });
    if (login.code !== 0) throw new Error(`demo login failed: ${login.code} ${login.msg}`);
    const token = login.data.token as string;
    // Checkout of one item bought at once: the first goods of the mall with its first option.
    const found = await server.call(contract.mall.getRequestParam, { keyword: '耳机', page: 1, page_size: 1 });
    const product = await server.call(contract.mall.getDetail, { id: found.data.list[0].id });
    const sku = product.data.skus[0];
    const screens = [
      { screen: 'home', hash: 'pages/index/index', login: false },
      { screen: 'parcel list', hash: 'pages/order/all', login: true },
      { screen: 'mall list', hash: 'pages/cart_sub/cargoList?keyword=%E8%80%B3%E6%9C%BA', login: false },
      {
        screen: 'checkout',
        hash: `pages/sub/cartSettlement?product_id=${product.data.id}&sku_id=${sku.id}&quantity=1`,
        login: true,
      },
    ];
    const rows: LighthouseRow[] = [];
    const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
    for (const s of screens) {
      const url = `${server.baseUrl}/#/${s.hash}`;
      process.stdout.write(`  lighthouse ${s.screen}… `);
      const each: { scores: LighthouseRow['scores']; lhr: unknown }[] = [];
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage();
        await page.goto(`${server.baseUrl}/`);
        await page.evaluate(
          (t) => {
            localStorage.clear();
            if (t) localStorage.setItem('TOKEN', JSON.stringify({ content: t, expire: 0 }));
          },
          s.login ? token : '',
        );
        // Lighthouse clears storage before it loads a page unless told not to: the session must survive.
        const result = await lighthouse(url, { output: 'json', logLevel: 'error', disableStorageReset: true }, undefined, page);
        const cats: Record<string, { score: number | null } | undefined> = result?.lhr.categories ?? {};
        const scores = Object.fromEntries(
          categories.map((c) => [c, cats[c]?.score === null || cats[c]?.score === undefined ? null : Math.round(cats[c].score! * 100)]),
        ) as LighthouseRow['scores'];
        each.push({ scores, lhr: result?.lhr });
        await page.close();
      }
      const scores = Object.fromEntries(categories.map((c) => [c, median(each.map((e) => e.scores[c]))])) as LighthouseRow['scores'];
      const performanceRuns = each.map((e) => e.scores.performance);
      rows.push({ screen: s.screen, url, scores, performanceRuns });
      const keep = process.env.BENCH_LIGHTHOUSE_DIR;
      if (keep) {
        // The report of the run whose performance is the median.
        const chosen = each.find((e) => e.scores.performance === scores.performance) ?? each[0];
        fs.mkdirSync(keep, { recursive: true });
        fs.writeFileSync(path.join(keep, `${s.screen.replace(/\W+/g, '-')}.json`), JSON.stringify(chosen.lhr, null, 1));
      }
      const perRun = runs > 1 ? ` (performance by run: ${performanceRuns.map((p) => p ?? '-').join(', ')}; medians)` : '';
      console.log(categories.map((c) => `${c} ${scores[c] ?? '-'}`).join(', ') + perRun);
    }
    return { rows };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function lighthouseTargets(rows: LighthouseRow[]): string[] {
  return rows.flatMap((r) =>
    (['performance', 'accessibility'] as const).map((c) => {
      const v = r.scores[c];
      return `${v !== null && v >= LIGHTHOUSE_TARGET ? 'MET ' : 'MISS'} Lighthouse ${c} ≥ ${LIGHTHOUSE_TARGET} on ${r.screen} (mobile): ${v ?? '-'}`;
    }),
  );
}
