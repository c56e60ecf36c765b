import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export type BillKind = 'pack' | 'return';
/**
 * What a pack's or return's bill costs, the balance and the shortfall (wallet getPayInfo). Kept here
 * until the wallet's shared pay panel (features/payment) is on main.
 */
export const getPayInfo = (kind: BillKind, refId: number) => api.call(contract.wallet.getPayInfo, { kind, ref_id: refId }, { loading: false });
export const usePayInfo = (kind: BillKind, refId: number, enabled = true) => useQuery({ queryKey: parcelKeys.payInfo(kind, refId), queryFn: () => getPayInfo(kind, refId), enabled });
