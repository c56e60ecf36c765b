/**
 * `npm run bench -- --only lighthouse`: Lighthouse (its default: mobile, simulated throttling) on the
 * production build of the customer app as the server sends it (pre-compressed assets), on the screens of a
 * customer's first shipment (issue 36: home, declare, packing, pay sheet, mall search, product, cart) and the
 * parcel list and checkout (lighthouse-screens.ts). The demo customer is logged in on every screen the way the app
 * keeps its session: the token in localStorage (TOKEN, {content, expire}). Chromium from CHROME_PATH (default
 * /usr/bin/chromium). Each screen is measured BENCH_LIGHTHOUSE_RUNS times (default 3); its row is the median of
 * each category score and of LCP, TBT and CLS, each on its own, as Lighthouse's documentation on variability
 * advises (one run of the same build moves by several points). After each run the page must show the screen's
 * own content (a selector per screen), else the row says so. BENCH_LIGHTHOUSE_DIR=<folder> keeps each screen's
 * full report (JSON, the run whose performance is the median) there, to see what the scores blame.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ensureWebBuild } from './web-size.ts';
import { contract } from '@pinyou/contract';
import { startServer } from './server-process.ts';
import { lighthouseScreens } from './lighthouse-screens.ts';

export const LIGHTHOUSE_TARGET = 95;
/** Issue 36, per screen (Google's "good" thresholds of the Core Web Vitals, TBT standing in for INP in a lab). */
export const LCP_TARGET_MS = 2500;
export const TBT_TARGET_MS = 200;
export const CLS_TARGET = 0.1;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRow {
  screen: string;
  url: string;
  /** Each category's median over the runs. */
  scores: Record<(typeof categories)[number], number | null>;
  /** Performance in each run, in order. */
  performanceRuns: (number | null)[];
  /** The median of each metric over the runs (lhr.audits numericValue): milliseconds, and CLS unitless. */
  metrics: Record<Metric, number | null>;
  /** Runs whose page did not show the screen's content at the end (a redirect, an error, an empty state). */
  contentMissing: number;
  /** The host's CPU benchmark index (lhr.environment.benchmarkIndex), median over the runs. */
  benchmarkIndex: number | null;
}

const metricAudits = { lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' } as const;
type Metric = keyof typeof metricAudits;

/** The middle value (the lower middle of an even count); null when no run gave a score. */
function median(values: (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
}

/** The parts of Lighthouse's and Puppeteer's APIs used here (their packages live in the kit, not the project). */
interface LhPage {
  goto(url: string): Promise<unknown>;
  evaluate<A, R>(fn: (a: A) => R, a: A): Promise<R>;
  close(): Promise<void>;
}
type Lighthouse = (url: string, flags: Record<string, unknown>, config: undefined, page: LhPage) => Promise<{ lhr: Lhr } | undefined>;
interface Lhr {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { code: string };
  /** Lighthouse's own measure of the host's CPU: simulated throttling slows that host down, so TBT moves with it. */
  environment?: { benchmarkIndex?: number };
}
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
    const screens = await lighthouseScreens(server, token);
    const rows: LighthouseRow[] = [];
    const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
    for (const s of screens) {
      const url = `${server.baseUrl}/#/${s.hash}`;
      process.stdout.write(`  lighthouse ${s.screen}… `);
      const each: {
        scores: LighthouseRow['scores'];
        metrics: LighthouseRow['metrics'];
        shown: boolean;
        index: number | null;
        lhr: unknown;
      }[] = [];
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage();
        await page.goto(`${server.baseUrl}/`);
        await page.evaluate((t) => {
          localStorage.clear();
          sessionStorage.clear();
          localStorage.setItem('TOKEN', JSON.stringify({ content: t, expire: 0 }));
        }, token);
        // Lighthouse clears storage before it loads a page unless told not to: the session must survive.
        const measure = () => lighthouse(url, { output: 'json', logLevel: 'error', disableStorageReset: true }, undefined, page);
        let result = await measure();
        // A trace Lighthouse could not read (e.g. NO_NAVSTART, which it says to run again for) is run again, twice at most.
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await measure();
        const cats = result?.lhr.categories ?? {};
        const scores = Object.fromEntries(
          categories.map((c) => [c, cats[c]?.score === null || cats[c]?.score === undefined ? null : Math.round(cats[c].score! * 100)]),
        ) as LighthouseRow['scores'];
        const metrics = Object.fromEntries(
          (Object.keys(metricAudits) as Metric[]).map((m) => [m, result?.lhr.audits[metricAudits[m]]?.numericValue ?? null]),
        ) as LighthouseRow['metrics'];
        const shown = await page.evaluate((sel) => document.querySelector(sel) !== null, s.shows);
        each.push({ scores, metrics, shown, index: result?.lhr.environment?.benchmarkIndex ?? null, lhr: result?.lhr });
        await page.close();
      }
      const scores = Object.fromEntries(categories.map((c) => [c, median(each.map((e) => e.scores[c]))])) as LighthouseRow['scores'];
      const metrics = Object.fromEntries(
        (Object.keys(metricAudits) as Metric[]).map((m) => [m, median(each.map((e) => e.metrics[m]))]),
      ) as LighthouseRow['metrics'];
      const performanceRuns = each.map((e) => e.scores.performance);
      const contentMissing = each.filter((e) => !e.shown).length;
      const index = median(each.map((e) => e.index));
      const benchmarkIndex = index === null ? null : Math.round(index);
      rows.push({ screen: s.screen, url, scores, performanceRuns, metrics, contentMissing, benchmarkIndex });
      const keep = process.env.BENCH_LIGHTHOUSE_DIR;
      if (keep) {
        // The report of the run whose performance is the median.
        const chosen = each.find((e) => e.scores.performance === scores.performance) ?? each[0];
        fs.mkdirSync(keep, { recursive: true });
        fs.writeFileSync(path.join(keep, `${s.screen.replace(/\W+/g, '-')}.json`), JSON.stringify(chosen.lhr, null, 1));
      }
      const perRun = runs > 1 ? ` (performance by run: ${performanceRuns.map((p) => p ?? '-').join(', ')}; medians)` : '';
      const missing = contentMissing ? `; CONTENT MISSING in ${contentMissing} of ${runs} runs (${s.shows})` : '';
      console.log(
        `${categories.map((c) => `${c} ${scores[c] ?? '-'}`).join(', ')}, ${metricText(metrics)}${perRun}${missing}; host CPU index ${benchmarkIndex ?? '-'}`,
      );
    }
    return { rows };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Each metric as printed: whole milliseconds, CLS to three places, '-' where Lighthouse gave no value. */
export function metricCells(m: LighthouseRow['metrics']) {
  const ms = (v: number | null) => (v === null ? '-' : String(Math.round(v)));
  return { lcp: ms(m.lcp), tbt: ms(m.tbt), cls: m.cls === null ? '-' : m.cls.toFixed(3) };
}

/** "LCP 1234 ms, TBT 56 ms, CLS 0.012". */
function metricText(m: LighthouseRow['metrics']): string {
  const c = metricCells(m);
  return `LCP ${c.lcp} ms, TBT ${c.tbt} ms, CLS ${c.cls}`;
}

export function lighthouseTargets(rows: LighthouseRow[]): string[] {
  const line = (met: boolean, what: string, r: LighthouseRow, value: string) =>
    `${met ? 'MET ' : 'MISS'} Lighthouse ${what} on ${r.screen} (mobile, median): ${value}`;
  return rows.flatMap((r) => {
    const { lcp, tbt, cls } = r.metrics;
    const c = metricCells(r.metrics);
    return [
      ...(['performance', 'accessibility'] as const).map((c) => {
        const v = r.scores[c];
        return line(v !== null && v >= LIGHTHOUSE_TARGET, `${c} ≥ ${LIGHTHOUSE_TARGET}`, r, String(v ?? '-'));
      }),
      line(lcp !== null && lcp <= LCP_TARGET_MS, `LCP ≤ ${LCP_TARGET_MS} ms`, r, `${c.lcp} ms`),
      line(tbt !== null && tbt <= TBT_TARGET_MS, `TBT ≤ ${TBT_TARGET_MS} ms`, r, `${c.tbt} ms`),
      line(cls !== null && cls <= CLS_TARGET, `CLS ≤ ${CLS_TARGET}`, r, c.cls),
      ...(r.contentMissing ? [`MISS Lighthouse ${r.screen}: the screen's content was missing in ${r.contentMissing} run(s)`] : []),
    ];
  });
}
