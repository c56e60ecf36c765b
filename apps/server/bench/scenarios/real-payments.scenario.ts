import { contract } from '@pinyou/contract';
import { signedCall, type BenchServer, type RequestSpec, type Scenario } from '../scenario.ts';
import { paymentGuarantees } from '../payment-checks.ts';
import type { Payer } from '../seed-payments.ts';

/**
 * The customer's real payments, on bills the real flows made before the server started (seed-payments.ts):
 * pack bills paid with orderPackPay (the pack's paid handler moves the pack and its parcels on), a leader
 * paying 20 members' GROUP pack bills in one ordersPay, and mall orders paid with the wallet's pay call
 * (orderPackPay on the order's bill, which marks the order paid). One seed for all, so they share a server.
 */
const seed = {
  packPayments: { single: 1000, users: 100, perUser: 20 },
  leaderPay: { members: 20, payments: 100 },
  mallPay: { users: 100, perUser: 20 },
};
const env = { BENCH_SEED: JSON.stringify(seed) };

interface State {
  payers: Payer[];
  next: number[];
  turn: number;
  leaderToken?: string;
}

type Db = 'pglite' | 'postgres';
const suffix = (db: Db) => (db === 'postgres' ? ' (pg)' : '');
const key = (id: number) => `benchreal${id}x${Date.now().toString(36)}`;

/** Takes payers in turn, each paying its next unpaid bill (or batch of bills). */
function nextOf(st: State) {
  let i = st.turn++ % st.payers.length;
  while (st.next[i] >= st.payers[i].billIds.length) i = (i + 1) % st.payers.length;
  return { payer: st.payers[i], at: st.next[i]++ };
}

function payments(o: {
  name: string;
  description: string;
  order: number;
  database: Db;
  payers: (server: BenchServer) => { payers: Payer[]; leaderToken?: string };
  warmupRequests: number;
  connections?: number;
  request?: (st: State, server: BenchServer) => RequestSpec;
}): Scenario<State> {
  return {
    name: `${o.name}${suffix(o.database)}`,
    description: `${o.description}, ${o.database}`,
    order: o.database === 'postgres' ? o.order + 4 : o.order,
    database: o.database,
    env,
    setup: async (server) => {
      const { payers, leaderToken } = o.payers(server);
      return { payers, next: payers.map(() => 0), turn: 0, leaderToken };
    },
    warmupRequests: o.warmupRequests,
    connections: o.connections,
    remaining: (st) => st.payers.reduce((n, p, i) => n + p.billIds.length - st.next[i], 0),
    request:
      o.request ??
      ((st, server) => {
        const { payer, at } = nextOf(st);
        const billId = payer.billIds[at];
        return signedCall(contract.wallet.orderPackPay, server, { bill_id: billId, idempotency_key: key(billId) }, payer.token);
      }),
    check: (st, server) => paymentGuarantees(server, { payers: st.payers, leaderToken: st.leaderToken }),
  };
}

const family = (database: Db) => [
  payments({
    name: 'pack payments, many balances',
    description: "Pack bills from the packing flow paid from 100 customers' balances (orderPackPay, paid handler)",
    order: 40,
    database,
    payers: (server) => ({ payers: server.seed.packMany }),
    warmupRequests: 600,
  }),
  payments({
    name: 'pack payments, one balance',
    description: 'Pack bills from the packing flow paid from one balance (orderPackPay, paid handler)',
    order: 41,
    database,
    payers: (server) => ({ payers: [server.seed.packSingle] }),
    warmupRequests: 300,
  }),
  // A "payer" here is the leader, each of its "bills" a batch of 20 members' bills: remaining counts payments.
  payments({
    name: "leader pays 20 members' bills",
    description: "A leader pays 20 members' GROUP pack bills in one payment (ordersPay)",
    order: 42,
    database,
    payers: (server) => {
      const { token, batches } = server.seed.leaderPay as { token: string; batches: number[][] };
      return { payers: [{ token, billIds: batches.map((_, j) => j) }], leaderToken: token };
    },
    warmupRequests: 10,
    // One balance pays them all, one payment after another: a few in flight are enough to keep it busy.
    connections: 10,
    request: (st, server) => {
      const { payer, at } = nextOf(st);
      const bills = (server.seed.leaderPay.batches as number[][])[payer.billIds[at]];
      return signedCall(contract.wallet.ordersPay, server, { bill_ids: bills, idempotency_key: key(bills[0]) }, payer.token);
    },
  }),
  payments({
    name: 'mall order payments',
    description: "Mall orders (createOrder) paid from 100 customers' balances with the wallet's pay call (orderPackPay)",
    order: 43,
    database,
    payers: (server) => ({ payers: server.seed.mallPay }),
    warmupRequests: 300,
  }),
];

export const scenarios = [...family('pglite'), ...family('postgres')];
