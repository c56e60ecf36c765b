import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getMallIndex = () => api.call(contract.mall.getIndex, {}, { loading: false });
/** Mall home: categories, slides, hot keywords, sources and the first recommendations. */
export const useMallIndex = () => useQuery({ queryKey: mallKeys.index(), queryFn: getMallIndex, staleTime: 60_000 });
