import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { defineStrings, useT } from '../i18n.ts';

const strings = defineStrings({
  en: {
    failed: 'This page could not be loaded',
    failedHint: 'The connection may have dropped, or the console was updated. Try again, or reload the console.',
    retry: 'Try again',
    reload: 'Reload console',
  },
  zh_CN: {
    failed: '页面加载失败',
    failedHint: '可能是网络中断或控制台已更新。请重试，或刷新控制台。',
    retry: '重新加载',
    reload: '刷新控制台',
  },
});

interface Loadable {
  path: string;
  load: () => Promise<ComponentType>;
}

/**
 * One lazy component per page, kept across visits so a page opened before shows at once. A failed load
 * is dropped from here: React.lazy remembers its rejection, so a retry needs a fresh one.
 */
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyOf(page: Loadable) {
  let c = loaded.get(page.path);
  if (!c) {
    c = lazy(() => page.load().then((C) => ({ default: C })));
    loaded.set(page.path, c);
  }
  return c;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT(strings);
  return (
    <Card data-testid="page-load-failed">
      <Result
        status="warning"
        title={t('failed')}
        subTitle={t('failedHint')}
        extra={
          <Space>
            <Button type="primary" onClick={onRetry} data-testid="page-load-retry">
              {t('retry')}
            </Button>
            <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
          </Space>
        }
      />
    </Card>
  );
}

/** Catches a page that fails to load (its chunk) or to render, and offers a retry instead of a blank screen. */
class PageBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Console page failed', error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      // The parent remounts this boundary (new key) with a fresh lazy component.
      <LoadFailed onRetry={this.props.onRetry} />
    );
  }
}

export function PageLoading() {
  return (
    <Card data-testid="page-loading">
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

/** A registered page, fetched when first opened. */
export function LazyPage({ page }: { page: Loadable }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyOf(page);
  return (
    <PageBoundary
      key={attempt}
      onRetry={() => {
        loaded.delete(page.path);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}
