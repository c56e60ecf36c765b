import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getSearchHistory = () => api.call(contract.mall.getSearchHistory, {}, { loading: false });
/** The caller's recent searches and the hot keywords. */
export const useSearchHistory = () => useQuery({ queryKey: mallKeys.searchHistory(), queryFn: getSearchHistory });
