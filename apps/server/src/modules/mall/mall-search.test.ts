import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, maxEdits, parseQuery, QUALITY } from './mall-search.ts';

const vocab = new Set(['phone', 'case', 'earphone', 'ear', 'snack', 'box', 'wipe', 'shijin', 'tissue', 'bluetooth', 'lanya', 'erji']);

describe('reading a query', () => {
  it('Damerau-Levenshtein: a swapped pair is one edit; more edits only in longer words', () => {
    expect(editDistance('phnoe', 'phone', 2)).toBe(1);
    expect(editDistance('teh', 'the', 2)).toBe(1);
    expect(editDistance('bluetoth', 'bluetooth', 2)).toBe(1);
    expect(editDistance('abcdef', 'badcfe', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2); // stops early past the bound
    expect([3, 4, 7, 8, 12].map(maxEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('"phnoe case" keeps both words: phone read from the typo, below an exact word', () => {
    const { terms, readAs } = parseQuery('phnoe case', vocab);
    expect(terms.map((t) => t.tokens[0])).toEqual(['phone', 'case']);
    expect(terms[0].quality[0]).toBe(QUALITY.corrected);
    expect(terms[1].quality[0]).toBe(QUALITY.exact);
    expect(readAs).toBe('phone case');
  });

  it('"ear phones" is one word, earphone', () => {
    const { terms } = parseQuery('ear phones', vocab);
    expect(terms).toHaveLength(1);
    expect(terms[0].tokens[0]).toBe('earphone');
  });

  it('纸巾, its pinyin and tissue ask for wipes too, below the word itself', () => {
    for (const q of ['纸巾', 'zhijin', 'tissue']) {
      const [t] = parseQuery(q, vocab).terms;
      const q0 = (tok: string) => t.quality[t.tokens.indexOf(tok)];
      expect(t.tokens, q).toEqual(expect.arrayContaining(['纸巾', '面巾纸', '抽纸', 'tissue', '湿巾', 'wipe']));
      expect(q0('wipe'), q).toBeLessThan(q0('tissue'));
    }
    expect(parseQuery('zhijin', vocab).readAs).toBe('纸巾');
  });

  it('did you mean: one edit more than a typo is read with, never for known words', () => {
    expect(didYouMean('tisshu', vocab)).toBe('tissue');
    expect(didYouMean('phone', vocab)).toBe('');
    expect(didYouMean('qzxv', vocab)).toBe('');
  });
});
