import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createHashRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Segmented, Space, Spin, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { contract } from '@pinyou/contract';
import { call, setLoggedOutHandler, staffToken } from './api.ts';
import { consolePages } from './pages/registry.tsx';
import { LoginPage } from './pages/login.page.tsx';
import { setConsoleLang, useConsoleLang, type ConsoleLang } from './i18n.ts';
import { roleSees, useMe } from './staff.ts';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useConsoleLang();
  const me = useQuery({ queryKey: ['me'], queryFn: () => call(contract.admin.adminMe, {}, { quiet: true }), enabled: !!staffToken.get() });
  useEffect(() => setLoggedOutHandler(() => navigate('/login', { replace: true })), [navigate]);
  if (!staffToken.get()) return <Navigate to="/login" replace />;
  if (me.isLoading) return <Spin style={{ margin: 80 }} />;
  // The server refuses every call a role may not make; the menu just does not offer those pages.
  const visible = consolePages.filter((p) => roleSees(me.data?.role, p.roles));
  const selected = consolePages.find((p) => location.pathname.startsWith(`/${p.path}`))?.path ?? '';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={210}>
        <div style={{ padding: 16, fontWeight: 700, fontSize: 18, color: '#197CFF' }}>拼邮 Pinyou Console</div>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          items={visible.map((p) => ({ key: p.path, label: p.label[lang], icon: p.icon }))}
          onClick={(e) => navigate(`/${e.key}`)}
        />
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
              {me.data?.name} ({me.data?.role})
            </Typography.Text>
            <Button
              onClick={async () => {
                await call(contract.admin.adminLogout, {}, { quiet: true }).catch(() => undefined);
                staffToken.clear();
                queryClient.clear();
                navigate('/login', { replace: true });
              }}
            >
              Log out
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

/** The first page the staff member's role sees. */
function FirstPage() {
  const me = useMe();
  if (me.isLoading) return <Spin style={{ margin: 80 }} />;
  const first = consolePages.find((p) => roleSees(me.data?.role, p.roles)) ?? consolePages[0];
  return <Navigate to={`/${first.path}`} replace />;
}

const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <Shell />,
    children: [{ index: true, element: <FirstPage /> }, ...consolePages.map((p) => ({ path: `${p.path}/*`, element: p.element }))],
  },
]);

export function App() {
  const [ready] = useState(true);
  const lang = useConsoleLang();
  // antd's own texts (empty tables, paging, pickers, confirm buttons) follow the console's language too.
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#197CFF' } }} locale={lang === 'zh_CN' ? zhCN : enUS}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{ready && <RouterProvider router={router} />}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
