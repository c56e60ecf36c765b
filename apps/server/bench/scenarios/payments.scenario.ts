import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';
import { paymentGuarantees } from '../payment-checks.ts';

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

/**
 * Extra rows, never the headline: synthetic S$1 bills of kind `other` (no paid handler) written straight
 * into the table, paid from the balance, each with its own idempotency key, taking payers in turn. The
 * customer's real payments are in real-payments.scenario.ts.
 */
function paymentScenario(name: string, order: number, database: 'pglite' | 'postgres', many: boolean): Scenario<State> {
  return {
    name,
    description: `Synthetic S$1 bills (kind other) paid from ${many ? "100 customers' balances" : 'one balance'} (orderPackPay), ${database}`,
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
    check: (st, server) => paymentGuarantees(server, { payers: st.payers }),
  };
}

export const scenarios = [
  paymentScenario('synthetic bills (kind other), one balance', 90, 'pglite', false),
  paymentScenario('synthetic bills (kind other), many balances', 91, 'pglite', true),
  paymentScenario('synthetic bills (kind other), one balance (pg)', 92, 'postgres', false),
  paymentScenario('synthetic bills (kind other), many balances (pg)', 93, 'postgres', true),
];
