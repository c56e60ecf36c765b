import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { answerOf, app, askInjected, C, CA, customer, ok, seedKnowledge, staff } from './content.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await app();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.parcels.ensureDefaultRateCards();
  await seedKnowledge(t);
});

const doneOf = (events: Array<{ event: string; data: any }>) => events.find((e) => e.event === 'done')!.data;

describe('what the assistant knows, as staff see and extend it', () => {
  it('answers the air rules question with its section, short, then the source', async () => {
    const c = await customer(t);
    for (const [q, lang, words] of [
      ['What items are prohibited for air freight?', 'en', /Power banks/],
      ['Can I send perfume by air?', 'en', /^No\. .*perfume/],
      ['哪些东西不能空运？', 'zh_CN', /充电宝/],
    ] as const) {
      const { events } = await askInjected(t, c.token, q, lang);
      const text = answerOf(events);
      expect(text).toMatch(words);
      expect(text).toMatch(lang === 'en' ? /Source: “Air freight rules” › What may not fly$/ : /来源：《空运规则》› 禁止空运的物品$/);
      expect(doneOf(events).message.citations[0]).toMatchObject({
        slug: 'air-freight-rules',
        section: lang === 'en' ? 'What may not fly' : '禁止空运的物品',
      });
    }
  });

  it('quotes 0.5 cbm by sea from the pricing engine, as the calculator does', async () => {
    const c = await customer(t);
    const calc = await t.services.parcels.freight.freight(
      { mode: 'SEA', category: 'normal', weight_kg: 1, length_cm: 100, width_cm: 100, height_cm: 50 },
      'en',
    );
    expect(calc.total.amount_minor).toBe(9000);
    for (const [q, lang] of [
      ['How much is sea freight for 0.5 cbm?', 'en'],
      ['海运0.5方多少钱', 'zh_CN'],
    ] as const) {
      const text = answerOf((await askInjected(t, c.token, q, lang)).events);
      expect(text).toContain('S$90.00');
      expect(text).toContain('0.50');
    }
  });

  it('logs questions without the asker, lists those that found nothing, and a lexicon word staff add works at once', async () => {
    const c = await customer(t);
    await askInjected(t, c.token, 'Can I send durian by sea?');
    await askInjected(t, c.token, 'How much do I owe?');
    const sv = await staff(t, 'service');
    const all = await ok(t.call(CA.adminAssistantQuestions, {}, { token: sv }));
    expect(all.list.map((x: any) => x.answered_by)).toEqual(['amount_owed', expect.any(String)]);
    expect(JSON.stringify(all)).not.toContain(`"${c.id}"`);
    expect(all.list[0].asker).toMatch(/^[0-9a-f]{16}$/);

    await askInjected(t, c.token, '榴莲能寄吗');
    const missed = await ok(t.call(CA.adminAssistantQuestions, { found: false }, { token: sv }));
    expect(missed.list.map((x: any) => x.question)).toContain('榴莲能寄吗');
    expect(missed.not_found).toBe(missed.total);

    // Service staff read; only content staff change the lexicon.
    expect((await t.call(CA.adminAssistantLexiconAdd, { concept: 'food', terms: '榴莲|durian' }, { token: sv })).code).toBe(Code.FORBIDDEN);
    const editor = await staff(t, 'content');
    const bad = await t.call(CA.adminAssistantLexiconAdd, { concept: 'Bad Key!', terms: 'x' }, { token: editor });
    expect(bad.code).toBe(Code.VALIDATION);
    const added = await ok(t.call(CA.adminAssistantLexiconAdd, { concept: 'food', terms: '榴莲 | durian, 榴梿' }, { token: editor }));
    expect(added.terms).toEqual(['榴莲', 'durian', '榴梿']);
    const lex = await ok(t.call(CA.adminAssistantLexicon, {}, { token: editor }));
    expect(lex.built_in.find((x: any) => x.concept === 'prohibited').terms).toContain('禁运');
    expect(lex.added[0].id).toBe(added.id);

    // 榴莲 now means food: the air rules section that lists perishable food answers.
    const now = answerOf((await askInjected(t, c.token, '榴莲能空运吗', 'zh_CN')).events);
    expect(now).toMatch(/易腐食品/);
    await ok(t.call(CA.adminAssistantLexiconDelete, { id: added.id }, { token: editor }));
    expect((await t.call(CA.adminAssistantLexiconDelete, { id: added.id }, { token: editor })).code).toBe(Code.CONTENT_NOT_FOUND);
  });

  it('an article staff publish is searchable at once', async () => {
    const c = await customer(t);
    const before = answerOf((await askInjected(t, c.token, 'Do you ship pianos?')).events);
    expect(before).toMatch(/could not find/);
    const editor = await staff(t, 'content');
    const a = await ok(
      t.call(
        CA.adminArticleSave,
        {
          slug: 'pianos',
          category: 'rules',
          title_en: 'Pianos',
          title_zh: '钢琴',
          summary_en: '',
          summary_zh: '',
          body_en: '<h2>Shipping a piano</h2><p>Pianos go by sea only, crated, as special goods.</p>',
          body_zh: '<h2>钢琴怎么寄</h2><p>钢琴只能走海运，需打木架，按特货处理。</p>',
          cover: '',
          sort: 0,
        },
        { token: editor },
      ),
    );
    await ok(t.call(CA.adminContentPublish, { kind: 'article', id: a.id, published: true }, { token: editor }));
    const { events } = await askInjected(t, c.token, 'Do you ship pianos?');
    expect(answerOf(events)).toContain('Pianos go by sea only');
    expect(doneOf(events).message.citations[0]).toMatchObject({ slug: 'pianos', section: 'Shipping a piano' });
  });
});

describe('support replies reach the open chat live', () => {
  it('a waiting poll answers as soon as staff reply, and an idle one after its wait', async () => {
    const c = await customer(t);
    await ok(t.call(C.chatHandover, {}, { token: c.token }));
    const first = await ok(t.call(C.supportMessages, { after_id: 0 }, { token: c.token }));
    const after = first.list.at(-1)?.id ?? 0;
    const sv = await staff(t, 'service');
    const conv = (await ok(t.call(CA.adminSupportInbox, { status: 'waiting' }, { token: sv }))).list[0];

    const started = Date.now();
    const waiting = t.call(C.supportMessages, { after_id: after, wait_s: 10 }, { token: c.token });
    await new Promise((r) => setTimeout(r, 300));
    await ok(t.call(CA.adminSupportReply, { id: conv.id, body: 'Hello from staff' }, { token: sv }));
    const got = await ok(waiting);
    expect(got.list.map((m: any) => m.body)).toEqual(['Hello from staff']);
    expect(Date.now() - started).toBeLessThan(5000);

    const idleStart = Date.now();
    const idle = await ok(t.call(C.supportMessages, { after_id: got.list[0].id, wait_s: 1 }, { token: c.token }));
    expect(idle.list).toEqual([]);
    expect(Date.now() - idleStart).toBeGreaterThanOrEqual(900);
    expect((await t.call(C.supportMessages, { after_id: 0, wait_s: 99 }, { token: c.token })).code).not.toBe(0);
  });
});
