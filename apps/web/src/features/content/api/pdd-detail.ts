import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const getPddDetail = (id: number) => api.call(contract.content.getPddDetail, { id }, { loading: false });
export const usePddDetail = (id: number) =>
  useQuery({ queryKey: contentKeys.pddDetail(id), queryFn: () => getPddDetail(id), enabled: id > 0 });
