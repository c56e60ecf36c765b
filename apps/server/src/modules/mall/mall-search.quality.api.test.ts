import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const M = contract.mall;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.services.mallCatalogue.ensureCatalogue();
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Each query must find a product whose (Chinese or English) title contains `expect` in the first five. */
const queries: { q: string; expect: RegExp; readAs?: RegExp }[] = [
  { q: '蓝牙耳机', expect: /蓝牙耳机/ },
  { q: '蓝牙 耳机', expect: /蓝牙耳机/ },
  { q: 'bluetooth earphones', expect: /Bluetooth Earphones/ },
  { q: 'lanya erji', expect: /蓝牙耳机/, readAs: /蓝牙 ?耳机/ },
  { q: 'lanyaerji', expect: /蓝牙耳机/ },
  { q: 'bluetoth earphone', expect: /Bluetooth Earphones/, readAs: /bluetooth/ },
  { q: '小米 power bank', expect: /小米.*(充电宝|移动电源)/ },
  { q: '充电宝', expect: /充电宝/ },
  { q: 'chongdianbao', expect: /充电宝/ },
  { q: '连衣裙', expect: /连衣裙/ },
  { q: 'floral dress', expect: /Floral Dress/ },
  { q: '保温杯', expect: /保温杯/ },
  { q: 'thermos cup', expect: /Thermos Cup/ },
  { q: '空气炸锅', expect: /空气炸锅/ },
  { q: 'air fryer', expect: /Air Fryer/ },
  { q: 'yoga mat', expect: /Yoga Mat/ },
  { q: 'yujia dian', expect: /瑜伽垫/ },
  { q: '三只松鼠 零食', expect: /三只松鼠/ },
  { q: 'runing shoes', expect: /Running Shoes/ },
  { q: '面膜 补水', expect: /面膜/ },
  { q: 'sneakers', expect: /Sneakers/ },
  { q: '耳机降噪', expect: /降噪.*耳机|耳机.*降噪/ },
];

describe('search quality', () => {
  for (const c of queries) {
    it(`finds ${c.expect} for "${c.q}" in the first five`, async () => {
      const r = await t.call(M.getRequestParam, { keyword: c.q, page_size: 5 });
      expect(r.code, r.msg).toBe(0);
      const titles = r.data.list.map((p: { title: string; title_en: string }) => `${p.title} | ${p.title_en}`);
      expect(
        titles.some((s: string) => c.expect.test(s)),
        `${c.q} → ${titles.join('; ')}`,
      ).toBe(true);
      if (c.readAs) expect(r.data.read_as).toMatch(c.readAs);
    });
  }
});
