import { Suspense, type ReactNode } from 'react';
import { NavBar, TabBar } from 'antd-mobile';
import { useTranslation } from '../lib/translation.ts';
import { Icon } from '../components/icon.tsx';
import { customNavPaths, paths, tabPaths, type RoutePath } from '../lib/paths.ts';
import { nav } from '../lib/nav.ts';
import { watchNavBars } from '../lib/a11y-fixes.ts';
import { i18n } from '../lib/i18n.ts';

watchNavBars(() => i18n.t('common.back', { defaultValue: 'Back' }));

const tabIcons: Record<string, ReactNode> = {
  [paths.home]: <Icon name="home" />,
  [paths.mall]: <Icon name="bag" />,
  [paths.my]: <Icon name="user" />,
};

function Tabs({ active }: { active: RoutePath }) {
  const { t } = useTranslation();
  return (
    <div className="tabbar">
      <TabBar activeKey={active} onChange={(k) => nav.switchTab(k as RoutePath)} style={{ '--adm-color-primary': '#0b62d6' } as never}>
        {tabPaths.map((p) => (
          <TabBar.Item key={p} icon={tabIcons[p]} title={t(`tabs.${p}`)} />
        ))}
      </TabBar>
    </div>
  );
}

/** Navigation bar (unless the page draws its own) and tab bar (on tab pages) around a screen. */
export function PageFrame({ route, children }: { route: RoutePath; children: ReactNode }) {
  const { t } = useTranslation();
  const isTab = tabPaths.includes(route);
  const title = t(`titles.${route}`, { defaultValue: '' });
  if (typeof document !== 'undefined') document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  return (
    <div className={`page${isTab ? ' with-tabs' : ''}`} data-route={route}>
      {!customNavPaths.includes(route) && (
        <NavBar
          back={isTab ? null : ''}
          onBack={() => nav.navigateBack()}
          style={{ background: route === paths.mall ? '#c8202d' : '#fff', color: route === paths.mall ? '#fff' : undefined }}
        >
          {title}
        </NavBar>
      )}
      <Suspense
        fallback={
          <div className="empty-page">
            <span className="spinner" role="status" aria-label="loading" />
          </div>
        }
      >
        {children}
      </Suspense>
      {isTab && <Tabs active={route} />}
    </div>
  );
}
