import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createHashRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result, Segmented, Space, Spin, Typography, type MenuProps } from 'antd';
// The ES builds: `antd/locale/*` is a CommonJS re-export whose default import reached ConfigProvider as
// `{ default: locale }` in the production build, so antd fell back to English ("No data" in 中文).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { contract } from '@pinyou/contract';
import { call, setLoggedOutHandler, staffToken } from './api.ts';
import { consolePages, menuSections } from './pages/registry.tsx';
import { LoginPage } from './pages/login.page.tsx';
import { defineStrings, setConsoleLang, useConsoleLang, useT, type ConsoleLang } from './i18n.ts';
import { roleSees, useMe } from './staff.ts';
import { useReducedMotion } from './reduced-motion.ts';
import { useEnumText } from './enums.ts';

const strings = defineStrings({
  en: {
    logOut: 'Log out',
    notFound: 'This page does not exist',
    notFoundHint: 'The address may be mistyped, or the page may have moved.',
    toFirstPage: 'Go to my first page',
  },
  zh_CN: {
    logOut: '退出登录',
    notFound: '页面不存在',
    notFoundHint: '地址可能有误，或页面已移动。',
    toFirstPage: '回到我的首页',
  },
});

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** The role in the chosen language (one the shell does not know, as it came). */
function useRoleName() {
  const text = useEnumText();
  return (role: string | undefined) => (role ? text('staffRole', role) : '');
}

function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useConsoleLang();
  const t = useT(strings);
  const roleName = useRoleName();
  const me = useQuery({ queryKey: ['me'], queryFn: () => call(contract.admin.adminMe, {}, { quiet: true }), enabled: !!staffToken.get() });
  useEffect(() => setLoggedOutHandler(() => navigate('/login', { replace: true })), [navigate]);
  if (!staffToken.get()) return <Navigate to="/login" replace />;
  if (me.isLoading) return <Spin style={{ margin: 80 }} />;
  // The server refuses every call a role may not make; the menu just does not offer those pages.
  const visible = consolePages.filter((p) => roleSees(me.data?.role, p.roles));
  const current = consolePages.find((p) => location.pathname.startsWith(`/${p.path}`));
  const selected = current?.path ?? '';
  // One section per domain; a section with a single page the role sees is that page's entry.
  const menuItems = menuSections(visible).map((s) =>
    s.pages.length === 1
      ? { key: s.pages[0].path, label: s.pages[0].label[lang], icon: s.pages[0].icon }
      : {
          key: `section:${s.key}`,
          label: s.label[lang],
          children: s.pages.map((p) => ({ key: p.path, label: p.label[lang], icon: p.icon })),
        },
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        theme="light"
        width={210}
        // The menu scrolls by itself, so opening a page low in it never scrolls the page away.
        style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
      >
        <div style={{ padding: 16, fontWeight: 700, fontSize: 18, color: '#197CFF' }}>拼邮 Pinyou Console</div>
        <SectionMenu items={menuItems} selected={selected} section={current ? `section:${current.group}` : ''} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 16 }}>
          <Space>
            {/* Pages written with defineStrings follow this choice, and so do the server's messages (language header). */}
            <Segmented<ConsoleLang>
              size="small"
              value={lang}
              onChange={setConsoleLang}
              options={[
                { value: 'en', label: 'English' },
                { value: 'zh_CN', label: '中文' },
              ]}
              data-testid="console-lang"
            />
            <Typography.Text data-testid="staff-name">
              {me.data?.name} ({roleName(me.data?.role)})
            </Typography.Text>
            <Button
              onClick={async () => {
                await call(contract.admin.adminLogout, {}, { quiet: true }).catch(() => undefined);
                staffToken.clear();
                queryClient.clear();
                navigate('/login', { replace: true });
              }}
            >
              {t('logOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The grouped menu: the current page's section is open; staff open and close the others. */
function SectionMenu({ items, selected, section }: { items: NonNullable<MenuProps['items']>; selected: string; section: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<string[]>(section ? [section] : []);
  useEffect(() => {
    if (section) setOpen((o) => (o.includes(section) ? o : [...o, section]));
  }, [section]);
  return (
    <Menu
      mode="inline"
      selectedKeys={[selected]}
      openKeys={open}
      onOpenChange={setOpen}
      items={items}
      onClick={(e) => navigate(`/${e.key}`)}
      data-testid="console-menu"
    />
  );
}

/** The first page the staff member's role sees. */
function FirstPage() {
  const me = useMe();
  if (me.isLoading) return <Spin style={{ margin: 80 }} />;
  const first = consolePages.find((p) => roleSees(me.data?.role, p.roles)) ?? consolePages[0];
  return <Navigate to={`/${first.path}`} replace />;
}

/** An address no page has (mistyped, or a page's parent such as #/groups): said inside the console, with a way back. */
function NotFound() {
  const t = useT(strings);
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound')}
      subTitle={t('notFoundHint')}
      extra={
        <Button type="primary" data-testid="not-found-home" onClick={() => navigate('/', { replace: true })}>
          {t('toFirstPage')}
        </Button>
      }
    />
  );
}

const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <FirstPage /> },
      ...consolePages.map((p) => ({ path: `${p.path}/*`, element: p.element })),
      { path: '*', element: <NotFound /> },
    ],
  },
]);

export function App() {
  const [ready] = useState(true);
  const lang = useConsoleLang();
  const reducedMotion = useReducedMotion();
  // antd's own texts (empty tables, paging, pickers, confirm buttons) follow the console's language too.
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#197CFF', motion: !reducedMotion } }} locale={lang === 'zh_CN' ? zhCN : enUS}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{ready && <RouterProvider router={router} />}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
