import { useQuery } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { call } from '../../../api.ts';

export type AdminMallOrder = ResponseOf<typeof contract.mallAdmin.adminMallOrder>;

export const mallOrderKey = (id: number) => ['mallAdmin', 'order', id] as const;
export const getMallOrder = (id: number) => call(contract.mallAdmin.adminMallOrder, { id });
export const useMallOrder = (id: number) => useQuery({ queryKey: mallOrderKey(id), queryFn: () => getMallOrder(id) });
