import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const slideList = () => api.call(contract.content.slideList, {}, { loading: false, silent: true });
export const slidesQuery = () => ({ queryKey: ['content', 'slides'], queryFn: slideList, staleTime: 60_000 });
export const useSlides = () => useQuery(slidesQuery());
