import { MutationCache, QueryClient } from '@tanstack/react-query';
import { afterWrite } from './writes.ts';

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
  // Every write refreshes every read of the data it changes (lib/writes.ts), whichever screen shows it.
  mutationCache: new MutationCache({
    onSuccess: (_data, _vars, _ctx, mutation) => {
      void afterWrite(queryClient, mutation.meta?.write);
    },
  }),
});
