import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getLargeCargo = (keyword: string, page: number) =>
  api.call(contract.parcels.showLargeCargo, { keyword: keyword || undefined, page, page_size: 20 }, { loading: false });
export const useLargeCargo = (keyword: string) =>
  useInfiniteQuery({
    queryKey: parcelKeys.unclaimed(keyword),
    queryFn: ({ pageParam }) => getLargeCargo(keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
