import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getCategories = (parentId?: number) => api.call(contract.mall.getCategory, { parent_id: parentId }, { loading: false });
/** Top-level categories, or the children of one. */
export const useCategories = (parentId?: number, enabled = true) =>
  useQuery({ queryKey: mallKeys.categories(parentId), queryFn: () => getCategories(parentId), enabled, staleTime: 300_000 });
