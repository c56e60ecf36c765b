import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

/** Typing pauses this long before suggestions are asked for, so a fast typist sends one request, not five. */
const PAUSE_MS = 120;

export const getSearchSuggestions = (keyword: string) => api.call(contract.mall.searchSuggest, { keyword }, { loading: false });

/** Suggestions for what is being typed (none for nothing typed); the last ones stay shown while the next load. */
export function useSearchSuggest(text: string) {
  const [typed, setTyped] = useState(text.trim());
  useEffect(() => {
    const id = setTimeout(() => setTyped(text.trim()), PAUSE_MS);
    return () => clearTimeout(id);
  }, [text]);
  return useQuery({
    queryKey: mallKeys.suggest(typed),
    queryFn: () => getSearchSuggestions(typed),
    enabled: typed.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
