import { describe, expect, it } from 'vitest';
import { OfflineChatModel, type ModelEvent, type ModelRequest } from './assistant.provider.ts';
import type { Hit } from './retrieval.ts';

const noTools = { definitions: [], run: async () => '' };

const hit = (text: string, lang: 'en' | 'zh_CN' = 'en'): Hit => ({
  passage: { articleId: 7, slug: 'air-freight-rules', lang, title: lang === 'en' ? 'Air freight rules' : '空运规则', text },
  score: 9,
  matched: 3,
});

const ask = (question: string, knowledge: Hit[], signal = new AbortController().signal, lang: 'en' | 'zh_CN' = 'en'): ModelRequest => ({
  history: [],
  question,
  lang,
  knowledge,
  tools: noTools,
  signal,
});

async function collect(events: AsyncIterable<ModelEvent>, onText?: (n: number) => void) {
  const texts: string[] = [];
  for await (const ev of events) {
    if (ev.type !== 'text') continue;
    texts.push(ev.text);
    onText?.(texts.length);
  }
  return texts;
}

const article =
  'Power banks may go by air only when their capacity is printed on them and is below 100 Wh. ' +
  'Loose lithium batteries, e-cigarettes and anything flammable go by sea or not at all. ' +
  'Parcels that break these rules are held at the warehouse and you are asked what to do with them.';

describe('the offline model streams a known answer', () => {
  it('in line-sized pieces: every piece but the last at least 60 characters, cut after a word, nothing lost', async () => {
    const texts = await collect(new OfflineChatModel().reply(ask('Can I send a power bank by air?', [hit(article)])));
    expect(texts.join('')).toBe(`From “Air freight rules”:\n${article}`);
    expect(texts.length).toBeGreaterThan(2);
    // A long quote used to go out three words at a time: forty turns of the event loop for one answer.
    expect(texts.length).toBeLessThanOrEqual(Math.ceil(texts.join('').length / 60));
    for (const t of texts.slice(0, -1)) {
      expect(t.length).toBeGreaterThanOrEqual(60);
      expect(t).toMatch(/[\s,.;，。；]$/);
    }
  });

  it('in Chinese too, cut after punctuation', async () => {
    const zh =
      '充电宝须标明容量且低于100Wh才可空运，散装锂电池、电子烟和易燃物品只能海运或不能寄。违反规定的包裹会在仓库暂扣，我们会联系您如何处理。';
    const texts = await collect(new OfflineChatModel().reply(ask('空运可以寄充电宝吗？', [hit(zh, 'zh_CN')], undefined, 'zh_CN')));
    expect(texts.join('')).toBe(`根据《空运规则》：\n${zh}`);
    expect(texts.length).toBeGreaterThan(1);
    for (const t of texts.slice(0, -1)) expect(t).toMatch(/[，。；\s]$/);
  });

  it('stops between pieces when the customer stops it', async () => {
    const ctrl = new AbortController();
    const texts = await collect(new OfflineChatModel().reply(ask('Can I send a power bank by air?', [hit(article)], ctrl.signal)), (n) => {
      if (n === 1) ctrl.abort();
    });
    expect(texts).toHaveLength(1);
  });
});
