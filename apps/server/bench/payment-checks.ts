import { contract } from '@pinyou/contract';
import type { BenchServer } from './scenario.ts';

/**
 * After a payment scenario, through the API: every payer's bills are paid and its balance is 0 (each was
 * topped up with exactly what its bills add up to, so a bill paid twice shows as another left unpaid or a
 * balance below 0), a leader's group has no unpaid bill left, and the ledger proof (entries sum to 0 per
 * currency and per transaction, every stored balance equals its entries and none is below 0) holds.
 */
export async function paymentGuarantees(server: BenchServer, o: { payers: { token: string }[]; leaderToken?: string }) {
  const problems: string[] = [];
  let unpaid = 0;
  const balances: number[] = [];
  for (const p of o.payers) {
    const list = await server.call(contract.wallet.getBillList, { status: 'unpaid', page: 1, page_size: 1 }, { token: p.token });
    unpaid += list.code === 0 ? Number(list.data.unpaid_count) : 1;
    const wallet = await server.call(contract.wallet.getMailRechange, {}, { token: p.token });
    const balance = wallet.code === 0 ? Number(wallet.data.balance.amount_minor) : NaN;
    if (balance !== 0) balances.push(balance);
  }
  if (unpaid) problems.push(`${unpaid} bills left unpaid`);
  if (balances.length) problems.push(`${balances.length} balances not 0 after paying all their bills (e.g. ${balances[0]} minor)`);
  if (o.leaderToken) {
    const group = await server.call(contract.wallet.getPayInfos, { scope: 'group' }, { token: o.leaderToken });
    if (group.code !== 0 || group.data.bills.length)
      problems.push(`group members' bills left unpaid: ${group.data?.bills.length ?? group.msg}`);
  }
  const { account, password } = server.seed.staff as { account: string; password: string };
  const login = await server.call(contract.admin.adminLogin, { account, password });
  const proof = await server.call(contract.walletAdmin.adminReconcile, {}, { token: login.data?.token });
  if (proof.code !== 0) problems.push(`ledger proof not read: ${proof.msg}`);
  else if (!proof.data.ok)
    problems.push(
      `ledger proof fails: unbalanced transactions ${proof.data.unbalanced_transactions.length}, wallet mismatches or balances below 0 ${proof.data.wallet_mismatches.length}`,
    );
  return problems;
}
