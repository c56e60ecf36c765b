import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const linkedAccountsKey = ['linkedAccounts'] as const;
export const getLinkedAccounts = () => api.call(contract.account.getMoreAccountByH5, {}, { loading: false });
export const useLinkedAccounts = () => useQuery({ queryKey: linkedAccountsKey, queryFn: getLinkedAccounts });
