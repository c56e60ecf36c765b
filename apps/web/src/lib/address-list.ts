import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from './api.ts';

export const addressKeys = { list: ['addresses'] as const };
export const getAddressList = () => api.call(contract.account.getUserAddressList, {}, { loading: false });
export const useAddressList = () => useQuery({ queryKey: addressKeys.list, queryFn: getAddressList });
