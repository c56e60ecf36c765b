import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

type Category = 'rules' | 'guide' | 'news';
export const articleList = (category?: Category) =>
  api.call(contract.content.articleList, { category, page: 1, page_size: 20 }, { loading: false, silent: true });
export const useArticles = (category?: Category) =>
  useQuery({ queryKey: contentKeys.articles(category ?? ''), queryFn: () => articleList(category) });
