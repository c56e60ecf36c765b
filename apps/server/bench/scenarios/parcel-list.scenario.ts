import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

/**
 * A page of 20 parcels of one list category for a customer with 1,000 parcels, among `total` in all. The
 * customer's 15 pages (5 categories, 3 pages each) are asked in turn, as the app's tabs ask them again and
 * again: after the first round they are kept pages (checked against the list version on every request).
 */
function parcelList(
  total: number,
  order: number,
  database: 'pglite' | 'postgres' = 'pglite',
  keptPages = true,
): Scenario<{ token: string; turn: number }> {
  return {
    name: `parcel list${keptPages ? '' : ' without kept pages'}, ${total.toLocaleString('en-US')} parcels in all${database === 'postgres' ? ' (pg)' : ''}`,
    database,
    description: `getOrderList (page of 20 with category counts and pack numbers) for a customer with 1,000 parcels, 600 of them in packs; ${total.toLocaleString('en-US')} in the table${keptPages ? '' : '; every page read from the database (PARCEL_LIST_CACHE_ENTRIES=0)'}`,
    order,
    env: {
      BENCH_SEED: JSON.stringify({ parcels: { total, mine: 1000 } }),
      ...(keptPages ? {} : { PARCEL_LIST_CACHE_ENTRIES: '0' }),
    },
    setup: async (server) => ({ token: server.seed.parcels.token as string, turn: 0 }),
    // Every category in turn, and the first pages of each.
    request: (st, server) => {
      const statuses = ['pending', 'warehouse', 'unpaid', 'ship', 'received'] as const;
      const n = st.turn++;
      return signedCall(
        contract.parcels.getOrderList,
        server,
        { status: statuses[n % 5], page: 1 + (Math.floor(n / 5) % 3), page_size: 20 },
        st.token,
      );
    },
  };
}

export const scenarios = [
  parcelList(100_000, 50),
  parcelList(1_000_000, 51),
  parcelList(100_000, 52, 'postgres'),
  parcelList(1_000_000, 53, 'postgres'),
  // What a page costs when it is not kept (the first time, or after a write): the list before kept pages. The
  // table's size is measured on these, where the table is read.
  parcelList(100_000, 54, 'pglite', false),
  parcelList(1_000_000, 55, 'pglite', false),
  parcelList(100_000, 56, 'postgres', false),
  parcelList(1_000_000, 57, 'postgres', false),
];
