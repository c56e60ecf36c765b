import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { searchQualityList } from './mall-search.quality.ts';

const M = contract.mall;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.services.mallCatalogue.ensureCatalogue();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('search quality: each query finds what a shopper means at or above its rank', () => {
  it('the list is large and covers both languages, pinyin, typos and everyday words', () => {
    expect(searchQualityList.length).toBeGreaterThanOrEqual(150);
    const kinds = new Set(searchQualityList.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['colloquial', 'en', 'mixed', 'pinyin', 'typo', 'zh']);
  });

  for (const c of searchQualityList) {
    const rank = c.rank ?? 1;
    it(`${c.kind}: "${c.q}" → ${c.expect} within the first ${rank}`, async () => {
      const r = await t.call(M.getRequestParam, { keyword: c.q, page_size: Math.max(5, rank) });
      expect(r.code, r.msg).toBe(0);
      const titles = r.data.list.map((p: { title: string; title_en: string }) => `${p.title} | ${p.title_en}`);
      const at = titles.findIndex((s: string) => c.expect.test(s));
      expect(at >= 0 && at < rank, `${c.q} → ${titles.join('; ')}`).toBe(true);
      if (c.readAs) expect(r.data.read_as).toMatch(c.readAs);
    });
  }
});
