import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getMallLogistics = (id: number) => api.call(contract.mall.getLogistics, { id }, { loading: false });
/** An order's mainland courier events and its stage to Singapore. */
export const useMallLogistics = (id: number, enabled: boolean) =>
  useQuery({ queryKey: mallKeys.logistics(id), queryFn: () => getMallLogistics(id), enabled: enabled && id > 0 });
