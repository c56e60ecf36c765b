import type { Tx } from '../../db/client.ts';
import { lockWallet, postTransaction, walletBalance } from './ledger.ts';

/**
 * A group leader's reward (or its reversal) as one ledger transaction against expense:rewards. A reversal
 * takes back at most the current balance (balances never go negative); returns what was posted.
 */
/** A credit to a customer's balance paid by the company (an insurance claim, a GST refund), one ledger transaction. */
export async function postCompensationEntry(
  tx: Tx,
  input: { userId: number; amountMinor: number; account: 'expense:insurance' | 'expense:gst_refunds'; memo: string },
) {
  if (!(input.amountMinor > 0)) throw new Error('a compensation is a positive amount');
  await lockWallet(tx, input.userId);
  await postTransaction(tx, {
    type: 'adjustment',
    userId: input.userId,
    memo: input.memo,
    postings: [
      { wallet: input.userId, amountMinor: input.amountMinor },
      { system: input.account, amountMinor: -input.amountMinor },
    ],
  });
}

export async function postRewardEntry(tx: Tx, input: { userId: number; amountMinor: number; memo: string }) {
  await lockWallet(tx, input.userId);
  const amount = input.amountMinor >= 0 ? input.amountMinor : -Math.min(-input.amountMinor, await walletBalance(tx, input.userId));
  if (amount === 0) return 0;
  await postTransaction(tx, {
    type: 'adjustment',
    userId: input.userId,
    memo: input.memo,
    postings: [
      { wallet: input.userId, amountMinor: amount },
      { system: 'expense:rewards', amountMinor: -amount },
    ],
  });
  return amount;
}
