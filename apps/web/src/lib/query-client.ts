import { MutationCache, QueryClient } from '@tanstack/react-query';
import { afterWrite } from './writes.ts';
import { i18n } from './translation.ts';

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

// Answers carry texts in the reader's language (notices, slides, captions, states): after a switch every
// cached answer is read again, so nothing on screen stays in the other language.
let shownLanguage = i18n.language;
i18n.subscribe(() => {
  if (i18n.language === shownLanguage) return;
  shownLanguage = i18n.language;
  void queryClient.invalidateQueries();
});
