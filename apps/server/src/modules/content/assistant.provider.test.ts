import { describe, expect, it } from 'vitest';
import { OfflineChatModel, type ModelEvent, type ModelRequest } from './assistant.provider.ts';

const noTools = { definitions: [], run: async () => '' };

/** A long tool answer: the offline model streams it as it is. */
const ask = (question: string, text: string, signal = new AbortController().signal, lang: 'en' | 'zh_CN' = 'en'): ModelRequest => ({
  history: [],
  question,
  lang,
  knowledge: [],
  index: null,
  tool: { name: 'my_parcels', text },
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
    const texts = await collect(new OfflineChatModel().reply(ask('Can I send a power bank by air?', article)));
    expect(texts.join('')).toBe(article);
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
      '充电宝须标明容量且低于100Wh才可空运，散装锂电池、电子烟和易燃物品只能海运或不能寄。违反规定的包裹会在仓库暂扣，我们会联系您如何处理。' +
      '打包前请确认申报的类别，类别错误可能导致整批货物在安检或海关被扣。';
    const texts = await collect(new OfflineChatModel().reply(ask('空运可以寄充电宝吗？', zh, undefined, 'zh_CN')));
    expect(texts.join('')).toBe(zh);
    expect(texts.length).toBeGreaterThan(1);
    for (const t of texts.slice(0, -1)) expect(t).toMatch(/[，。；\s]$/);
  });

  it('stops between pieces when the customer stops it', async () => {
    const ctrl = new AbortController();
    const texts = await collect(new OfflineChatModel().reply(ask('Can I send a power bank by air?', article, ctrl.signal)), (n) => {
      if (n === 1) ctrl.abort();
    });
    expect(texts).toHaveLength(1);
  });
});
