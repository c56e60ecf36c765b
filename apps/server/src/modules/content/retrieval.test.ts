import { describe, expect, it } from 'vitest';
import { Bm25Index, Lexicon, editDistance, tokenize, type Section } from './retrieval.ts';
import { builtInLexicon } from './lexicon.data.ts';
import { articleSections } from './knowledge.service.ts';
import { seedArticles } from './content.seed.ts';

describe('tokenize', () => {
  it('segments Chinese into words with jieba (the field words kept whole) and drops stop words', () => {
    new Lexicon(builtInLexicon);
    expect(tokenize('充电宝可以空运吗')).toEqual(expect.arrayContaining(['充电宝', '空运']));
    expect(tokenize('退货查件费多少钱')).toEqual(expect.arrayContaining(['退货', '查件费']));
  });
  it('lower-cases, Porter-stems and drops stop words in English', () => {
    expect(tokenize('How are the Fees for Parcels charged?')).toEqual(['fee', 'parcel', 'charg']);
  });
  it('counts a swapped pair of letters as one edit', () => {
    expect(editDistance('prohibtied', 'prohibited')).toBe(1);
    expect(editDistance('parcel', 'pracel')).toBe(1);
  });
});

const sections: Section[] = seedArticles.flatMap((a, i) =>
  articleSections({ id: i + 1, slug: a.slug, titleEn: a.title_en, titleZh: a.title_zh, bodyEn: a.body_en, bodyZh: a.body_zh } as never),
);
const idx = new Bm25Index(sections, new Lexicon(builtInLexicon));
const top = (q: string) => {
  const h = idx.search(q, { lang: /\p{Script=Han}/u.test(q) ? 'zh_CN' : 'en' })[0];
  return h && `${h.section.slug}#${h.section.index}`;
};

describe('search over the sections of our articles, in both languages', () => {
  it('finds the air rules section "What may not fly / 禁止空运的物品" however it is asked', () => {
    for (const q of [
      'What items are prohibited for air freight?',
      'Can I send perfume by air?',
      '哪些东西不能空运？',
      'prohibted items by air',
      '香水能寄空运吗',
      'is a vape allowed on the plane',
    ])
      expect(top(q), q).toBe('air-freight-rules#0');
  });
  it('aligns the sections of the two languages, so a hit reads in the asker’s language', () => {
    const h = idx.search('哪些东西不能空运', { lang: 'zh_CN' })[0];
    expect(h.passage.heading).toBe('禁止空运的物品');
    expect(idx.search('哪些东西不能空运', { lang: 'en' })[0].passage.heading).toBe('What may not fly');
  });
  it('finds nothing for words it has never seen', () => {
    expect(idx.search('capital of France')).toEqual([]);
  });
  it('an article or lexicon word added later is found at once (the index is rebuilt from them)', () => {
    const more = new Bm25Index(
      [
        ...sections,
        {
          kind: 'article',
          articleId: 99,
          slug: 'durian',
          index: 0,
          title: { en: 'Durian' },
          heading: { en: 'Durian' },
          text: { en: 'Durians go by sea.' },
        },
      ],
      new Lexicon([...builtInLexicon, { key: 'durian', terms: ['榴莲', 'durian'] }]),
    );
    expect(more.search('榴莲可以寄吗', { lang: 'zh_CN' })[0].section.slug).toBe('durian');
  });
});
