import { useQuery } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { api } from '../api.ts';
import { pickedCoupon, targetSignature, type PayTarget } from './attempt.ts';
import { payFigures } from './figures.ts';

export type PayInfo = ResponseOf<typeof contract.wallet.getPayInfos>;

/** One bill (by id or by kind + ref id) → getPayInfo; several bills → getPayInfos. */
export const getPayInfo = (t: PayTarget) =>
  t.billIds && t.billIds.length > 1
    ? api.call(contract.wallet.getPayInfos, { bill_ids: t.billIds })
    : api.call(contract.wallet.getPayInfo, t.billIds?.length ? { bill_id: t.billIds[0] } : { kind: t.kind, ref_id: t.refId });

export const payInfoKey = (sig: string) => ['payment', 'info', sig] as const;
export const usePayInfo = (t: PayTarget, sig: string, enabled = true) =>
  useQuery({ queryKey: payInfoKey(sig), queryFn: () => getPayInfo(t), enabled });

/** What the balance lacks to pay these bills (with the best coupon), for a button that opens the pay sheet. */
export function usePayShortfall(billIds: number[] | undefined) {
  const t: PayTarget = { billIds };
  const sig = targetSignature(t);
  const q = usePayInfo(t, sig, !!billIds?.length);
  if (!q.data) return null;
  const f = payFigures(q.data, pickedCoupon(sig));
  return { shortfall: f.shortfall, due: f.due, currency: f.currency };
}
