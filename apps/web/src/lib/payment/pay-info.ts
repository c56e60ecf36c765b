import { useQuery } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { api } from '../api.ts';
import type { PayTarget } from './attempt.ts';

export type PayInfo = ResponseOf<typeof contract.wallet.getPayInfos>;

/** One bill (by id or by kind + ref id) → getPayInfo; several bills → getPayInfos. */
export const getPayInfo = (t: PayTarget) =>
  t.billIds && t.billIds.length > 1
    ? api.call(contract.wallet.getPayInfos, { bill_ids: t.billIds })
    : api.call(contract.wallet.getPayInfo, t.billIds?.length ? { bill_id: t.billIds[0] } : { kind: t.kind, ref_id: t.refId });

export const payInfoKey = (sig: string) => ['payment', 'info', sig] as const;
export const usePayInfo = (t: PayTarget, sig: string) => useQuery({ queryKey: payInfoKey(sig), queryFn: () => getPayInfo(t) });
