import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export type PickupStatus = 'stored' | 'collected' | 'outbound';
export const getPddList = (status: PickupStatus | undefined, keyword: string) =>
  api.call(contract.content.getPddList, { status, keyword: keyword || undefined, page: 1, page_size: 50 }, { loading: false });
export const usePddList = (status: PickupStatus | undefined, keyword: string) =>
  useQuery({ queryKey: contentKeys.pdd(status ?? '', keyword), queryFn: () => getPddList(status, keyword) });
