/**
 * The assistant's evaluation (run by assistant.eval.test.ts: npm run eval:assistant): every question of the set asked as a customer with two parcels (one
 * declared, one in the warehouse) against the seeded articles and the default rate cards, through the
 * same service the app calls. hit@1: the tool or section that answered is the expected one. Accuracy:
 * the answer holds every expected fact. Wrong: it states a price that is not the expected one (or not in
 * its article), or a state it must not (a parcel in the warehouse "on its way").
 */
import { contract, type Language } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { accountFixtures as accountRepo } from '../../account/index.ts';
import { seedArticles } from '../content.seed.ts';
import { intentOf } from '../assistant.intents.ts';
import { bestHit } from '../assistant.compose.ts';
import type { EvalCase } from './eval-case.ts';
import { englishCases } from './questions.en.ts';
import { chineseCases } from './questions.zh.ts';

export interface CaseResult {
  lang: Language;
  question: string;
  expect: string;
  got: string;
  hit: boolean;
  accurate: boolean;
  wrong: string | null;
  answer: string;
}

export interface LangReport {
  n: number;
  hit1: number;
  accuracy: number;
  wrong: number;
}

export interface EvalReport {
  en: LangReport;
  zh_CN: LangReport;
  results: CaseResult[];
}

const money = /S\$\s?\d+(?:\.\d+)?/g;

async function setUp(t: TestApp) {
  await t.services.parcels.ensureDefaultRateCards();
  for (const a of seedArticles) {
    const row = await t.services.content.saveArticle({ ...a, cover: '' });
    await t.services.content.publish('article', row.id, true, new Date(Date.now() - 3600_000).toISOString());
  }
  const u = await accountRepo.insertUser(t.services.db, { userAccount: 'evalcustomer', nickname: 'Eval', roles: ['user'], phone: null });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  const must = async (p: Promise<{ code: number; msg: string }>) => {
    const r = await p;
    if (r.code !== 0) throw new Error(`eval set-up failed: ${r.msg}`);
  };
  await must(
    t.call(contract.parcels.createOrder, { tracking_no: 'JD0012345678901', goods_name: 'Shoes', goods_value: 100 }, { token: s.token }),
  );
  await must(
    t.call(contract.parcels.createOrder, { tracking_no: 'YT5550001112223', goods_name: 'Lamp', goods_value: 80 }, { token: s.token }),
  );
  await t.services.staff.createStaff('evalwh', 'Warehouse', 'admin', 'warehouse123');
  const login = await t.call(contract.admin.adminLogin, { account: 'evalwh', password: 'warehouse123' });
  await must(
    t.call(
      contract.parcels.scannedInbound,
      {
        tracking_no: 'YT5550001112223',
        weight_kg: 2,
        length_cm: 30,
        width_cm: 20,
        height_cm: 10,
        shelf: 'A-01-01',
        photos: ['/uploads/x.jpg'],
      },
      { token: login.data.token as string },
    ),
  );
  return u.id;
}

async function answerOf(t: TestApp, userId: number, question: string, lang: Language) {
  let text = '';
  for await (const ev of t.services.assistant.ask(userId, question, lang, new AbortController().signal, [])) {
    if (ev.event === 'delta') text += ev.data.text;
  }
  return text;
}

function judge(c: EvalCase, lang: Language, got: string, answer: string): CaseResult {
  const [question, expect, factText, forbidText] = c;
  const hit = expect.split('|').includes(got);
  const facts = factText.split('|').filter(Boolean);
  const accurate = facts.every((f) => answer.includes(f));
  let wrong: string | null = null;
  for (const f of (forbidText ?? '').split('|').filter(Boolean)) if (answer.toLowerCase().includes(f.toLowerCase())) wrong = `state: ${f}`;
  if (expect === 'tool:freight_quote') {
    const totals = [...answer.matchAll(/(?:about|预估运费)\s*(S\$[\d.]+)/g)].map((m) => m[1]);
    for (const p of totals) if (!facts.includes(p)) wrong = `price: ${p}`;
  } else if (!expect.startsWith('tool:')) {
    // An article's answer may state only the amounts its articles state.
    const corpus = seedArticles.map((a) => `${a.body_en}${a.body_zh}`).join(' ');
    for (const m of answer.match(money) ?? []) if (!corpus.includes(m.replace(/\s/g, ''))) wrong = `price: ${m}`;
  }
  return { lang, question, expect, got, hit, accurate, wrong, answer };
}

export async function runAssistantEval(): Promise<EvalReport> {
  const t = await createTestApp();
  try {
    const userId = await setUp(t);
    const index = await t.services.content.knowledge();
    const results: CaseResult[] = [];
    for (const [lang, cases] of [
      ['en', englishCases],
      ['zh_CN', chineseCases],
    ] as const) {
      for (const c of cases) {
        const intent = intentOf(c[0]);
        const best = intent ? null : bestHit(index.search(c[0], { lang, limit: 8 }));
        const got = intent ? `tool:${intent.tool}` : best ? `${best.section.slug}#${best.section.index}` : 'none';
        const answer = await answerOf(t, userId, c[0], lang);
        results.push(judge(c, lang, got, answer));
      }
    }
    const report = (lang: Language): LangReport => {
      const r = results.filter((x) => x.lang === lang);
      return {
        n: r.length,
        hit1: r.filter((x) => x.hit).length / r.length,
        accuracy: r.filter((x) => x.accurate && !x.wrong).length / r.length,
        wrong: r.filter((x) => x.wrong).length,
      };
    };
    return { en: report('en'), zh_CN: report('zh_CN'), results };
  } finally {
    await t.close();
  }
}

export function printReport(r: EvalReport, log: (s: string) => void = console.log) {
  for (const x of r.results.filter((y) => !y.hit || !y.accurate || y.wrong))
    log(
      `✗ [${x.lang}] ${x.question}\n    expected ${x.expect}, got ${x.got}${x.wrong ? `, WRONG ${x.wrong}` : ''}\n    ${x.answer.replace(/\n/g, ' ⏎ ').slice(0, 220)}`,
    );
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  log('\nlanguage  questions  hit@1   accuracy  wrong price/state');
  for (const l of ['en', 'zh_CN'] as const)
    log(`${l.padEnd(9)} ${String(r[l].n).padStart(9)}  ${pct(r[l].hit1).padStart(6)}  ${pct(r[l].accuracy).padStart(8)}  ${r[l].wrong}`);
}
