import { queryClient } from '../../lib/query-client.ts';
import { systemSettingQuery } from '../../lib/session.ts';

/**
 * When the app opens on home, what the screen shows above its warehouse address — the settings' notice,
 * the slides and the notices — is asked for beside the app's own start (strings, first render) instead of
 * after the home screen has drawn, with the chunks that draw it (and the screen's own chunk). The same queries (keys, functions,
 * freshness) as the screen's own hooks, so nothing is fetched twice; a failed call is asked again by the
 * hook as before. Arriving together with the first drawing, they no longer push the address down one by
 * one (layout shift) and the notice (the screen's largest text) shows sooner.
 */
export function startHome() {
  void import('./home.screen.tsx');
  void import('../../features/content/components/home-notices.tsx');
  void queryClient.prefetchQuery(systemSettingQuery()).then(() => {
    if (queryClient.getQueryData<{ notice?: unknown }>(systemSettingQuery().queryKey)?.notice)
      void import('antd-mobile/es/components/notice-bar');
  });
  void import('../../features/content/api/notices.ts').then((m) => queryClient.prefetchQuery(m.noticesQuery()));
  void import('../../features/content/api/slides.ts').then((m) => queryClient.prefetchQuery(m.slidesQuery()));
}
