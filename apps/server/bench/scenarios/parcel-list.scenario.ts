import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

/** A page of 20 parcels of one list category for a customer with 1,000 parcels, among `total` in all. */
function parcelList(total: number, order: number, database: 'pglite' | 'postgres' = 'pglite'): Scenario<{ token: string; turn: number }> {
  return {
    name: `parcel list, ${total.toLocaleString('en-US')} parcels in all${database === 'postgres' ? ' (pg)' : ''}`,
    database,
    description: `getOrderList (page of 20 with category counts and pack numbers) for a customer with 1,000 parcels, 600 of them in packs; ${total.toLocaleString('en-US')} in the table`,
    order,
    env: { BENCH_SEED: JSON.stringify({ parcels: { total, mine: 1000 } }) },
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
];
