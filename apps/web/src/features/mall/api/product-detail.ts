import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

/** A product's detail; the server records the signed-in viewer's footprint. */
export const getProductDetail = (id: number) => api.call(contract.mall.getDetail, { id }, { loading: false });
export const useProductDetail = (id: number) =>
  useQuery({ queryKey: mallKeys.detail(id), queryFn: () => getProductDetail(id), enabled: id > 0 });
