import { describe, expect, it } from 'vitest';
import { Bm25Index, passagesOf, tokenize } from './retrieval.ts';

describe('tokenize', () => {
  it('turns Chinese runs into character bigrams (the segmenter splits 退货 apart)', () => {
    const t = tokenize('退货查件费多少钱');
    expect(t).toContain('退货');
    expect(t).toContain('查件');
    expect(t).toContain('件费');
  });
  it('lower-cases, stems and drops stop words in English', () => {
    expect(tokenize('How much are the Fees for Parcels?')).toEqual(['fee', 'parcel']);
  });
  it('handles mixed text', () => {
    expect(tokenize('PDD红包 cleared')).toEqual(expect.arrayContaining(['pdd', '红包', 'cleared']));
  });
});

describe('Bm25Index', () => {
  const idx = new Bm25Index([
    { articleId: 1, slug: 'a', lang: 'zh_CN', title: '退货', text: '退货查件费首件30元' },
    { articleId: 2, slug: 'b', lang: 'zh_CN', title: '空运', text: '充电宝不能空运' },
    { articleId: 2, slug: 'b', lang: 'en', title: 'Air', text: 'Power banks may not fly' },
  ]);
  it('ranks the passage that shares the rare terms first', () => {
    expect(idx.search('充电宝能空运吗')[0].passage.articleId).toBe(2);
    expect(idx.search('退货多少钱')[0].passage.articleId).toBe(1);
    expect(idx.search('power bank by air', { lang: 'en' })[0].passage.articleId).toBe(2);
  });
  it('finds nothing for words it has never seen', () => {
    expect(idx.search('capital of France')).toEqual([]);
  });
  it('reads "how long" questions as asking for the delivery times our articles give', () => {
    const times = new Bm25Index([
      { articleId: 3, slug: 'c', lang: 'zh_CN', title: '商城订单：配送时效', text: '配送时效\n海运：7–14个工作日。\n空运：3–7个工作日。' },
      { articleId: 4, slug: 'd', lang: 'zh_CN', title: '海运：包裹尺寸', text: '海运小件按体积计费' },
      { articleId: 3, slug: 'c', lang: 'en', title: 'Mall orders: delivery times', text: 'Delivery estimates\nSea: 7–14 working days.' },
      { articleId: 4, slug: 'd', lang: 'en', title: 'Sea freight: parcel sizes', text: 'Small sea parcels are charged by volume' },
    ]);
    const zh = times.search('海运要多久？', { lang: 'zh_CN' });
    expect(zh[0].passage.articleId).toBe(3);
    expect(zh[0].matched).toBeGreaterThanOrEqual(2);
    const en = times.search('How long does sea freight take?', { lang: 'en' });
    expect(en[0].passage.articleId).toBe(3);
    expect(en[0].matched).toBeGreaterThanOrEqual(2);
    // Without the phrasing the question shares one term only.
    expect(
      new Bm25Index([{ articleId: 3, slug: 'c', lang: 'zh_CN', title: 'x', text: '海运：7–14个工作日' }]).search('海运费')[0].matched,
    ).toBe(1);
  });
  it('splits long text into passages at line ends', () => {
    expect(passagesOf('a\nb\nc', 3)).toEqual(['a\nb', 'c']);
  });
});
