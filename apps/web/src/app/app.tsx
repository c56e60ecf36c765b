import { Suspense, useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useTranslation } from '../lib/translation.ts';
import { queryClient } from '../lib/query-client.ts';
import { antdLocale } from '../lib/antd-locale.ts';
import { AppRouter } from './router.tsx';
import { applyLaunchParams } from './launch-params.ts';
import { UpdatePrompt } from '../components/update-prompt.tsx';

export function App() {
  const { i18n } = useTranslation();
  useEffect(() => {
    applyLaunchParams(window.location.href);
  }, []);
  return (
    <ConfigProvider locale={antdLocale(i18n.language)}>
      <QueryClientProvider client={queryClient}>
        <Suspense
          fallback={
            <div className="empty-page">
              <span className="spinner" role="status" aria-label="loading" />
            </div>
          }
        >
          <AppRouter />
        </Suspense>
        <UpdatePrompt />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
