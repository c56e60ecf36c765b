/**
 * npm run bench [-- --only auth,ping --duration 6 --connections 50 --db postgres --env KEY=VALUE --profile --no-build]
 *
 * Starts the server in a separate process (PGlite in a temporary DATA_DIR, or a temporary PostgreSQL
 * database) and measures each scenario in bench/scenarios/ with autocannon, every request freshly signed.
 * A full run (no `--only`) ends with Lighthouse on the customer app's first-shipment screens (category scores,
 * LCP, TBT and CLS per screen; lighthouse.ts) and `npm ci && npm start` timed on a fresh clone, so one run shows
 * every row of the issue's table; `--only lighthouse` and `--only fresh-start` (alone or in a list) run those,
 * `--no-lighthouse` and `--no-fresh-start` leave them out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { envelopeOk, type Scenario } from './scenario.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { homeScreenJs } from './web-size.ts';
import { summarizeProfiles } from './profile-summary.ts';
import { runPaymentStatements, runPgbench } from './pgbench.ts';
import { cpuPerRequest, cpuSnapshot } from './cpu-time.ts';
import os from 'node:os';
import { lighthouseTargets, metricCells, runLighthouse, type LighthouseRow } from './lighthouse.ts';
import { measureFreshStart, TARGET_FRESH_START_SECONDS } from './fresh-start.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

const TARGET_AUTH_RATIO = 0.5;
const TARGET_HOME_JS_GZ = 120 * 1024;
const TARGET_MALL_SEARCH_RATIO = 0.25;
const TARGET_MALL_SEARCH_P99 = 200;
const TARGET_SUGGESTIONS_P99 = 100;
const TARGET_ASSISTANT_P99 = 300;
const TARGET_PACK_MANY_RATIO = 0.6;
const TARGET_PACK_MANY_P99 = 150;
const TARGET_PACK_ONE_RATIO = 0.3;
const TARGET_LEADER_RATIO = 0.1;
const TARGET_MALL_PAY_RATIO = 0.5;
const TARGET_GROUP_LIST_RATIO = 0.25;
const TARGET_PAY_LIST_BYTES = 20 * 1024;
/** Issue 36: `npm start` on a fresh clone after `npm ci`, to the first answer. */
const TARGET_START_SECONDS = 20;

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'pglite' },
    'no-build': { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
    /** Write V8 CPU profiles of the server and print where its time went. */
    profile: { type: 'boolean', default: false },
    /** Extra server environment for every scenario, e.g. --env SESSION_CACHE_SECONDS=0 to compare. */
    env: { type: 'string', multiple: true, default: [] },
    /** Skip the pgbench yardstick and the payment statements under pgbench (about 50 s together). */
    'no-pgbench': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-fresh-start': { type: 'boolean', default: false },
  },
});

interface Row {
  scenario: Scenario;
  database: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  note?: string;
  /** The size of the first answer's body (the probe before the measurement). */
  answerBytes: number;
  /** CPU milliseconds per request of the server and of PostgreSQL during the measured run (cpu-time.ts). */
  cpu: { server: number | null; postgres: number | null; loadGenerator: number | null };
}

async function loadScenarios(): Promise<Scenario[]> {
  const dir = path.join(here, 'scenarios');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.scenario.ts'));
  const list: Scenario[] = [];
  for (const f of files) {
    // A file exports `scenario`, or `scenarios` for a family (e.g. the same measurement on two databases).
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { scenario?: Scenario; scenarios?: Scenario[] };
    const found = mod.scenarios ?? (mod.scenario ? [mod.scenario] : []);
    if (!found.length) throw new Error(`${f} exports no scenario`);
    list.push(...(found as Scenario[]));
  }
  const only = args.only?.split(',').map((s) => s.trim().toLowerCase());
  return list.filter((s) => !only || only.some((o) => s.name.toLowerCase().includes(o))).sort((a, b) => a.order - b.order);
}

async function measure(scenario: Scenario, server: RunningServer): Promise<Row> {
  const state = scenario.setup ? await scenario.setup(server) : undefined;
  const accept = scenario.ok ?? envelopeOk;
  // The first few refused answers are kept, so a failed row says why instead of only how many.
  const refused: string[] = [];
  const ok = (body: string) => {
    const good = accept(body);
    if (!good && refused.length < 3) refused.push(body.slice(0, 200));
    return good;
  };
  const first = scenario.request(state, server);
  const probe = await fetch(server.baseUrl + first.path, { method: first.method, headers: first.headers, body: first.body });
  const probeBody = await probe.text();
  if (!ok(probeBody)) throw new Error(`${scenario.name}: a single request already fails: ${probe.status} ${probeBody.slice(0, 300)}`);

  // Requests are signed before the clock starts (each with its own nonce and a fresh timestamp), so the
  // single-threaded load generator measures the server rather than its own HMAC work.
  const run = (duration: number, cap = Infinity) => {
    const budget = Math.min(cap, scenario.remaining ? scenario.remaining(state) : Infinity);
    const pool = Array.from({ length: Math.min(400_000, 40_000 * duration, budget) }, () => scenario.request(state, server));
    let next = 0;
    const fixed = Number.isFinite(budget);
    // CPU is counted from here: the requests signed above are the load generator's work before the clock starts.
    const cpuBefore = cpuSnapshot(server.pid);
    const run = autocannon({
      url: server.baseUrl,
      connections: scenario.connections ?? Number(args.connections),
      duration,
      ...(fixed ? { amount: pool.length } : {}),
      verifyBody: ok,
      requests: [{ setupRequest: (req) => ({ ...req, ...(next < pool.length ? pool[next++] : scenario.request(state, server)) }) }],
    });
    // With a fixed number of requests, autocannon notices the end only at its next one-second tick, so its
    // duration is rounded up to whole seconds, which undercounts a short run's rate.
    // The time from the start to the last response is what the requests took.
    let started = 0;
    let last = 0;
    run.on('start', () => (started = performance.now()));
    run.on('response', () => (last = performance.now()));
    return Promise.resolve(run).then((r) => ({
      ...r,
      seconds: fixed && last > started ? (last - started) / 1000 : r.duration,
      cpu: cpuPerRequest(cpuBefore, cpuSnapshot(server.pid), r.requests.total),
    }));
  };
  // Scenarios that use up their data (bills to pay) are measured once, on what their own warm-up leaves.
  if (Number(args.warmup) > 0 && !scenario.remaining) await run(Number(args.warmup));
  if (scenario.remaining && scenario.warmupRequests) await run(Number(args.warmup) || 1, scenario.warmupRequests);
  const r = await run(scenario.durationSeconds ?? Number(args.duration));
  const problems = scenario.check ? await scenario.check(state, server) : [];
  const failed = r.errors + r.timeouts + r.non2xx + r.mismatches + problems.length;
  return {
    cpu: r.cpu,
    answerBytes: Buffer.byteLength(probeBody),
    scenario,
    database: server.database,
    rps: r.requests.total / r.seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    failed,
    note: failed
      ? `errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, refused ${r.mismatches}${refused.length ? `: ${refused.join(' | ')}` : ''}` +
        (problems.length ? `; check after the run: ${problems.join('; ')}` : '')
      : undefined,
  };
}

/**
 * "0.84+0.91 / 0.30": CPU ms per request of the server and of PostgreSQL (the second only for PostgreSQL rows), then
 * of the load generator, which shares the cores.
 */
const cpuText = (r: Row) =>
  r.cpu.server === null
    ? '-'
    : `${r.cpu.server.toFixed(2)}${r.database === 'postgres' && r.cpu.postgres !== null ? `+${r.cpu.postgres.toFixed(2)}` : ''}` +
      (r.cpu.loadGenerator !== null ? ` / ${r.cpu.loadGenerator.toFixed(2)}` : '');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

async function main() {
  const started = Date.now();
  const scenarios = await loadScenarios();
  // The two measurements that are not scenarios: in a full run, or when named in --only.
  const named = (what: string) => (args.only ? args.only.split(',').some((o) => o.trim().toLowerCase() === what) : true);
  const wantsLighthouse = named('lighthouse') && !args['no-lighthouse'];
  const wantsFreshStart = named('fresh-start') && !args['no-fresh-start'];
  const defaultDb = args.db === 'postgres' ? 'postgres' : 'pglite';
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const cliEnv = Object.fromEntries((args.env ?? []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  const groups = new Map<string, Scenario[]>();
  for (const s of scenarios) {
    const key = JSON.stringify([s.database ?? defaultDb, { ...cliEnv, ...s.env }]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }

  const rows: Row[] = [];
  const notes: string[] = [];
  let pgbenchTps: number | null = null;
  let paymentStatementsTps: number | null = null;
  const wantsPg = [...groups.keys()].some((k) => (JSON.parse(k) as [string])[0] === 'postgres');
  if (postgresUrl && wantsPg && !args['no-pgbench']) {
    console.log('pgbench (TPC-B-like, 16 clients, 15 s) on the same PostgreSQL…');
    const r = await runPgbench(postgresUrl);
    if ('tps' in r) {
      pgbenchTps = r.tps;
      console.log(`  ${Math.round(r.tps)} tps`);
    } else notes.push(`pgbench: ${r.error}`);
    if (pgbenchTps && scenarios.some((s) => /payments|synthetic bills/.test(s.name) && s.database === 'postgres')) {
      console.log("pgbench running the payment's own statements (16 clients, 15 s) on the same PostgreSQL…");
      const p = await runPaymentStatements(postgresUrl);
      if ('tps' in p) {
        paymentStatementsTps = p.tps;
        console.log(`  ${Math.round(p.tps)} tps`);
      } else notes.push(`payment statements under pgbench: ${p.error}`);
    }
  }
  for (const [key, list] of groups) {
    const [database, env] = JSON.parse(key) as ['pglite' | 'postgres', Record<string, string>];
    if (database === 'postgres' && !postgresUrl) {
      notes.push(`Skipped (need DATABASE_URL or BENCH_DATABASE_URL for PostgreSQL): ${list.map((s) => s.name).join(', ')}`);
      continue;
    }
    console.log(`Starting the server (${database}${Object.keys(env).length ? `, ${JSON.stringify(env)}` : ''})…`);
    const profileDir = args.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-prof-')) : undefined;
    const server = await startServer({ database, postgresUrl, env, profileDir });
    try {
      for (const s of list) {
        process.stdout.write(`  ${s.name}… `);
        const row = await measure(s, server);
        rows.push(row);
        console.log(`${Math.round(row.rps)} req/s`);
      }
    } finally {
      await server.stop();
    }
    if (profileDir) console.log(`\nServer CPU profile (${profileDir}), self time:\n${summarizeProfiles(profileDir)}\n`);
  }

  const baseline = (db: string) => rows.find((r) => r.scenario.baseline && r.database === db);
  if (rows.length) {
    console.log('');
    console.log(
      `${pad('scenario', 40)} ${pad('db', 8)} ${lpad('req/s', 8)} ${lpad('p50 ms', 7)} ${lpad('p99 ms', 7)} ${lpad('requests', 9)} ${lpad('failed', 7)} ${lpad('vs hello', 9)} ${lpad('vs authInfo', 12)} ${lpad('CPU ms/req server+pg / load', 28)}`,
    );
  }
  // Domain calls are reported against the signed, logged-in authInfo of the same run (and the same machine state).
  const authRow = rows.find((r) => r.scenario.order === 30);
  for (const r of rows) {
    const b = baseline(r.database);
    const ratio = b ? `${((r.rps / b.rps) * 100).toFixed(0)}%` : '-';
    const vsAuth = authRow && r.scenario.order > 30 ? `${((r.rps / authRow.rps) * 100).toFixed(1)}%` : '-';
    console.log(
      `${pad(r.scenario.name, 40)} ${pad(r.database, 8)} ${lpad(String(Math.round(r.rps)), 8)} ${lpad(String(r.p50), 7)} ${lpad(String(r.p99), 7)} ${lpad(String(r.total), 9)} ${lpad(String(r.failed), 7)} ${lpad(ratio, 9)} ${lpad(vsAuth, 12)} ${lpad(cpuText(r), 28)}`,
    );
  }

  console.log('');
  const targets: string[] = [];
  const auth = rows.find((r) => r.scenario.order === 30);
  const authBase = auth && baseline(auth.database);
  if (auth && authBase) {
    const ratio = auth.rps / authBase.rps;
    targets.push(
      `${ratio >= TARGET_AUTH_RATIO ? 'MET ' : 'MISS'} signed + logged-in ≥ ${TARGET_AUTH_RATIO * 100}% of hello-world req/s: ${(ratio * 100).toFixed(0)}%`,
    );
  }
  // Payments against PostgreSQL's own yardstick, and the embedded database against PostgreSQL.
  const pay = (name: string) => rows.find((r) => r.scenario.name === name);
  const share = (a: Row | undefined, b: number | null | undefined, target: number, what: string) => {
    if (!a || !b) return;
    const ratio = a.rps / b;
    targets.push(`${ratio >= target ? 'MET ' : 'MISS'} ${what} ≥ ${target * 100}%: ${(ratio * 100).toFixed(0)}%`);
  };
  // The headline: bills the real flows made, paid as the customer pays them (real-payments.scenario.ts).
  const packMany = pay('pack payments, many balances (pg)');
  share(packMany, pgbenchTps, TARGET_PACK_MANY_RATIO, 'pack payments, many balances (pg) vs pgbench tps');
  if (packMany)
    targets.push(
      `${packMany.p99 <= TARGET_PACK_MANY_P99 ? 'MET ' : 'MISS'} pack payments, many balances (pg) p99 ≤ ${TARGET_PACK_MANY_P99} ms: ${packMany.p99} ms`,
    );
  share(pay('pack payments, one balance (pg)'), pgbenchTps, TARGET_PACK_ONE_RATIO, 'pack payments, one balance (pg) vs pgbench tps');
  share(pay('pack payments, many balances'), packMany?.rps, 0.5, 'pack payments, many balances: PGlite vs PostgreSQL');
  share(
    pay('pack payments, one balance'),
    pay('pack payments, one balance (pg)')?.rps,
    0.5,
    'pack payments, one balance: PGlite vs PostgreSQL',
  );
  share(
    pay("leader pays 20 members' bills (pg)"),
    pgbenchTps,
    TARGET_LEADER_RATIO,
    "leader pays 20 members' bills (pg), payments/s vs pgbench tps",
  );
  share(pay('mall order payments (pg)'), pgbenchTps, TARGET_MALL_PAY_RATIO, 'mall order payments (pg) vs pgbench tps');
  for (const name of ["leader pays 20 members' bills", 'mall order payments']) {
    const [lite, pg] = [pay(name), pay(`${name} (pg)`)];
    if (lite && pg) targets.push(`INFO ${name}: PGlite ${((lite.rps / pg.rps) * 100).toFixed(0)}% of PostgreSQL`);
  }
  // Extra rows, not the headline: synthetic S$1 bills of kind other, without a paid handler.
  for (const r of rows.filter((x) => x.scenario.name.startsWith('synthetic bills') && x.database === 'postgres'))
    if (pgbenchTps) targets.push(`INFO ${r.scenario.name}: ${((r.rps / pgbenchTps) * 100).toFixed(0)}% of pgbench tps, p99 ${r.p99} ms`);
  // Where the rest of the gap is: the same statements without the server (pgbench's C client sends them).
  if (paymentStatementsTps && pgbenchTps) {
    const many = pay('synthetic bills (kind other), many balances (pg)');
    targets.push(
      `INFO payment statements alone under pgbench (no server): ${Math.round(paymentStatementsTps)} tps, ${((paymentStatementsTps / pgbenchTps) * 100).toFixed(0)}% of pgbench's TPC-B-like tps` +
        (many ? `; synthetic bills paid through the server reach ${((many.rps / paymentStatementsTps) * 100).toFixed(0)}% of it` : ''),
    );
  }
  // The parcel list: a share of authInfo, a p99 bound, and the same cost however large the table grows.
  // The table's size is measured where the table is read: pages read from the database every time (kept
  // pages off); a kept page costs one primary-key read however large the table, its pair is shown for information.
  for (const db of ['pglite', 'postgres']) {
    const authHere = rows.find((r) => r.scenario.order === 30 && r.database === db) ?? authRow;
    const list = (prefix: string) => rows.find((r) => r.scenario.name.startsWith(prefix) && r.database === db);
    const large = list('parcel list, 1,000,000');
    if (large && authHere) {
      share(large, authHere.rps, 0.25, `parcel list at 1,000,000 rows vs authInfo (${db})`);
      targets.push(`${large.p99 <= 150 ? 'MET ' : 'MISS'} parcel list p99 ≤ 150 ms at 1,000,000 rows (${db}): ${large.p99} ms`);
    }
    const pairs = [
      { small: list('parcel list without kept pages, 100,000'), large: list('parcel list without kept pages, 1,000,000'), info: false },
      { small: list('parcel list, 100,000'), large, info: true },
    ];
    for (const pair of pairs) {
      if (!pair.small || !pair.large) continue;
      const costRatio = pair.small.rps / pair.large.rps;
      const verdict = pair.info ? 'INFO' : costRatio <= 1.2 ? 'MET ' : 'MISS';
      const what = pair.info ? 'kept pages' : 'pages read from the database';
      targets.push(`${verdict} parcel list cost with 1,000,000 rows ≤ 1.2 × with 100,000 (${db}, ${what}): ${costRatio.toFixed(2)} ×`);
    }
    for (const r of [list('parcel list without kept pages, 100,000'), list('parcel list without kept pages, 1,000,000')]) {
      if (r && authHere)
        targets.push(
          `INFO ${r.scenario.name}: ${Math.round(r.rps)} req/s, ${((r.rps / authHere.rps) * 100).toFixed(1)}% of authInfo, p99 ${r.p99} ms`,
        );
    }
  }
  // The leader's group calls at 10,000 members: a share of authInfo each; the pay-on-behalf page's answer size too.
  for (const r of rows.filter((x) => x.scenario.name.startsWith('group '))) {
    const authHere = rows.find((a) => a.scenario.order === 30 && a.database === r.database) ?? authRow;
    share(r, authHere?.rps, TARGET_GROUP_LIST_RATIO, `${r.scenario.name} vs authInfo (${r.database})`);
    const size = `answer ${kb(r.answerBytes)}`;
    if (r.scenario.name.startsWith('group pay-on-behalf'))
      targets.push(
        `${r.answerBytes <= TARGET_PAY_LIST_BYTES ? 'MET ' : 'MISS'} pay-on-behalf page ≤ ${kb(TARGET_PAY_LIST_BYTES)} (${r.database}): ${size}`,
      );
    targets.push(`INFO ${r.scenario.name} (${r.database}): ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${size}`);
  }
  // Mall search at 100,000 goods: a share of authInfo and a p99 bound, on each database.
  for (const r of rows.filter((x) => x.scenario.name.startsWith('mall search') && !x.scenario.name.includes('suggestions'))) {
    const authHere = rows.find((a) => a.scenario.order === 30 && a.database === r.database) ?? authRow;
    share(r, authHere?.rps, TARGET_MALL_SEARCH_RATIO, `mall search at 100,000 goods vs authInfo (${r.database})`);
    targets.push(
      `${r.p99 <= TARGET_MALL_SEARCH_P99 ? 'MET ' : 'MISS'} mall search p99 ≤ ${TARGET_MALL_SEARCH_P99} ms at 100,000 goods (${r.database}): ${r.p99} ms`,
    );
  }
  for (const r of rows.filter((x) => x.scenario.name.startsWith('mall search suggestions')))
    targets.push(
      `${r.p99 <= TARGET_SUGGESTIONS_P99 ? 'MET ' : 'MISS'} mall search suggestions p99 ≤ ${TARGET_SUGGESTIONS_P99} ms at 100,000 goods (${r.database}): ${r.p99} ms`,
    );
  const assistant = rows.find((r) => r.scenario.name.startsWith('assistant offline answer'));
  if (assistant)
    targets.push(
      `${assistant.p99 <= TARGET_ASSISTANT_P99 ? 'MET ' : 'MISS'} assistant offline answer p99 ≤ ${TARGET_ASSISTANT_P99} ms (whole stream): ${assistant.p99} ms`,
    );
  if (wantsLighthouse) {
    console.log('Lighthouse (mobile, simulated throttling) on the production build…');
    let lh: { rows: LighthouseRow[]; note?: string };
    try {
      lh = await runLighthouse(root, { build: !args['no-build'] });
    } catch (e) {
      lh = { rows: [], note: `Lighthouse failed: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (lh.rows.length) {
      console.log(
        `${pad('screen', 12)} ${lpad('perf', 5)} ${lpad('a11y', 5)} ${lpad('b-p', 5)} ${lpad('seo', 5)} ${lpad('LCP ms', 7)} ${lpad('TBT ms', 7)} ${lpad('CLS', 6)} ${lpad('host CPU', 9)}`,
      );
      for (const r of lh.rows) {
        const c = metricCells(r.metrics);
        const scores = [r.scores.performance, r.scores.accessibility, r.scores['best-practices'], r.scores.seo];
        console.log(
          `${pad(r.screen, 12)} ${scores.map((v) => lpad(String(v ?? '-'), 5)).join(' ')} ${lpad(c.lcp, 7)} ${lpad(c.tbt, 7)} ${lpad(c.cls, 6)} ${lpad(String(r.benchmarkIndex ?? '-'), 9)}`,
        );
      }
      targets.push(...lighthouseTargets(lh.rows));
    }
    if (lh.note) notes.push(lh.note);
  }
  if (wantsFreshStart) {
    // Last, on a machine the other measurements have left: it builds everything, as a newcomer's first run does.
    console.log('npm ci && npm start on a fresh clone of HEAD (to the first answer of /api/ping)…');
    const fresh = await measureFreshStart(root);
    if ('error' in fresh) notes.push(`fresh-clone start: ${fresh.error}`);
    else {
      const total = fresh.npmCiSeconds + fresh.startSeconds;
      console.log(`  ${fresh.commit}: npm ci ${fresh.npmCiSeconds.toFixed(1)} s, npm start ${fresh.startSeconds.toFixed(1)} s`);
      targets.push(
        `${fresh.startSeconds <= TARGET_START_SECONDS ? 'MET ' : 'MISS'} npm start after npm ci on a fresh clone, to the first answer ≤ ${TARGET_START_SECONDS} s: ${fresh.startSeconds.toFixed(1)} s`,
        `${total <= TARGET_FRESH_START_SECONDS ? 'MET ' : 'MISS'} npm ci && npm start to the first answer, fresh clone ≤ ${TARGET_FRESH_START_SECONDS} s: ${total.toFixed(1)} s (${fresh.npmCiSeconds.toFixed(1)} s + ${fresh.startSeconds.toFixed(1)} s)`,
      );
    }
  }
  if (pgbenchTps) console.log(`pgbench TPC-B-like on the same PostgreSQL: ${Math.round(pgbenchTps)} tps`);
  if (paymentStatementsTps) console.log(`pgbench running the payment's statements: ${Math.round(paymentStatementsTps)} tps`);
  if (!args['no-web']) {
    const web = homeScreenJs(root, { build: !args['no-build'] });
    if (web.files.length) {
      console.log('Home screen critical-path JS (gzip -9 per file):');
      for (const f of web.files) console.log(`  ${pad(f.file, 48)} ${lpad(kb(f.bytes), 10)} raw ${lpad(kb(f.gzip), 10)} gz`);
      targets.push(
        `${web.totalGzip <= TARGET_HOME_JS_GZ ? 'MET ' : 'MISS'} home screen JS ≤ ${kb(TARGET_HOME_JS_GZ)} gz: ${kb(web.totalGzip)}`,
      );
    }
    if (web.note) notes.push(`Home screen JS: ${web.note}`);
  }
  for (const t of targets) console.log(t);
  for (const n of notes) console.log(`Note: ${n}`);
  const broken = rows.filter((r) => r.failed > 0);
  for (const r of broken) console.log(`ERROR: ${r.scenario.name} had ${r.failed} failed answers (${r.note}); its figures are not valid.`);
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(broken.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
