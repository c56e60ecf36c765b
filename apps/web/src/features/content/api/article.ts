import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const articleOne = (q: { id?: number; slug?: string }) => api.call(contract.content.articleOne, q, { loading: false });
export const useArticle = (q: { id?: number; slug?: string }) =>
  useQuery({
    queryKey: contentKeys.article(String(q.id ?? q.slug)),
    queryFn: () => articleOne(q),
    enabled: !!(q.id || q.slug),
    retry: false,
  });
