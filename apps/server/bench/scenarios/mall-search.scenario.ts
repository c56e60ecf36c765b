import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

const env = { BENCH_SEED: JSON.stringify({ mall: { products: 100_000, users: 20 } }) };

/** Chinese words and phrases, English, pinyin (split and joined), a typo, and a brand. */
const keywords = [
  '蓝牙耳机',
  '充电宝',
  '零食',
  '保温杯',
  '运动鞋 男',
  '小米 无线耳机',
  'bluetooth earphones',
  'power bank',
  'snacks',
  'running shoes',
  'lanya erji',
  'lanyaerji',
  'chongdianbao',
  'earphnes',
  '华为',
  '连衣裙',
  'backpack',
  'kids toys',
];
const sorts = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const;
const sources = ['jd', 'taobao', '1688', 'pdd', 'self'] as const;

interface State {
  tokens: string[];
  categories: number[];
  turn: number;
}

/** searchShop's call (getRequestParam): every request a different keyword, sort, page and now and then a filter. */
function mallSearch(order: number, database: 'pglite' | 'postgres'): Scenario<State> {
  return {
    name: `mall search, 100,000 products${database === 'postgres' ? ' (pg)' : ''}`,
    description:
      'getRequestParam (searchShop): Chinese, English, pinyin and typo keywords, sorts, source/category/price filters, pages 1-3',
    order,
    database,
    env,
    setup: async (server) => ({ tokens: server.seed.mall.tokens, categories: server.seed.mall.categoryIds, turn: 0 }),
    request: (st, server) => {
      const n = st.turn++;
      const fields: Record<string, unknown> = {
        keyword: keywords[n % keywords.length],
        sort: sorts[Math.floor(n / keywords.length) % sorts.length],
        page: 1 + (Math.floor(n / 7) % 3),
        page_size: 20,
      };
      if (n % 5 === 1) fields.source = sources[Math.floor(n / 5) % sources.length];
      if (n % 7 === 2) Object.assign(fields, { min_price: 20, max_price: 300 });
      if (n % 11 === 3) fields.category_id = st.categories[Math.floor(n / 11) % st.categories.length];
      // A quarter of the searches by signed-in customers (their keyword goes into their search history).
      const token = n % 4 === 0 ? st.tokens[Math.floor(n / 4) % st.tokens.length] : undefined;
      return signedCall(contract.mall.getRequestParam, server, fields, token);
    },
  };
}

/** What a customer types, a keystroke at a time: Chinese, pinyin and its initials, English. */
const typed = [
  '蓝牙耳机',
  'chongdianbao',
  'lyej',
  'bluetooth earphones',
  'power bank',
  '保温杯',
  'yundongxie',
  'running shoes',
  'tissue',
  '零食',
];
const keystrokes = typed.flatMap((w) => Array.from(w, (_, n) => w.slice(0, n + 1)));

/** searchSuggest: the suggestions under the search box, one keystroke after another (answered from memory). */
function mallSuggest(order: number, database: 'pglite' | 'postgres'): Scenario<{ turn: number }> {
  return {
    name: `mall search suggestions, 100,000 products${database === 'postgres' ? ' (pg)' : ''}`,
    description: 'searchSuggest per keystroke: Chinese, pinyin, pinyin initials and English prefixes',
    order,
    database,
    env,
    setup: async () => ({ turn: 0 }),
    request: (st, server) => signedCall(contract.mall.searchSuggest, server, { keyword: keystrokes[st.turn++ % keystrokes.length] }),
  };
}

export const scenarios = [mallSearch(70, 'pglite'), mallSearch(71, 'postgres'), mallSuggest(72, 'pglite'), mallSuggest(73, 'postgres')];
