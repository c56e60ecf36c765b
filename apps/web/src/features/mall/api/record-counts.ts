import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getRecordCounts = () => api.call(contract.mall.getRecordsCount, {}, { loading: false });
/** How many of the caller's mall orders are in each status. */
export const useRecordCounts = (enabled = true) => useQuery({ queryKey: mallKeys.recordCounts(), queryFn: getRecordCounts, enabled });
