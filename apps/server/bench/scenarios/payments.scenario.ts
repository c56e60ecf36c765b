import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

interface Payer {
  token: string;
  billIds: number[];
}
interface State {
  payers: Payer[];
  next: number[];
  turn: number;
}

const seedEnv = { BENCH_SEED: JSON.stringify({ payments: { bills: 8000, users: 100 } }) };
/**
 * Paid first, unmeasured: a cold server spends its first seconds compiling (JIT) and preparing statements on
 * each pooled connection (2,000 cold payments measured 430-530/s where the warm rate is ~830/s). pgbench's
 * figure, the yardstick, is likewise a steady 15 s without its connection set-up.
 */
const warmupRequests = 2000;

/** Pays distinct S$1 bills from the balance, each with its own idempotency key, taking payers in turn. */
function paymentScenario(name: string, order: number, database: 'pglite' | 'postgres', many: boolean): Scenario<State> {
  return {
    name,
    description: `Distinct bills paid from ${many ? "100 customers' balances" : 'one balance'} (orderPackPay), ${database}`,
    order,
    database,
    env: seedEnv,
    setup: async (server) => {
      const payers: Payer[] = many ? server.seed.many : [server.seed.single];
      return { payers, next: payers.map(() => 0), turn: 0 };
    },
    warmupRequests,
    remaining: (st) => st.payers.reduce((n, p, i) => n + p.billIds.length - st.next[i], 0),
    request: (st, server) => {
      let i = st.turn++ % st.payers.length;
      while (st.next[i] >= st.payers[i].billIds.length) i = (i + 1) % st.payers.length;
      const p = st.payers[i];
      const billId = p.billIds[st.next[i]++];
      return signedCall(
        contract.wallet.orderPackPay,
        server,
        { bill_id: billId, idempotency_key: `benchpay${billId}x${Date.now().toString(36)}` },
        p.token,
      );
    },
  };
}

export const scenarios = [
  paymentScenario('payments, one balance', 40, 'pglite', false),
  paymentScenario('payments, many balances', 41, 'pglite', true),
  paymentScenario('payments, one balance (pg)', 42, 'postgres', false),
  paymentScenario('payments, many balances (pg)', 43, 'postgres', true),
];
