import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useEffect } from 'react';
import { HashRouter, Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { paths, type RoutePath } from '../lib/paths.ts';
import { PageFrame } from './page-frame.tsx';
import { bindRouter } from '../lib/nav.ts';

/**
 * The table of every screen's chunk (with the chunks each needs) is a chunk of its own: the home screen
 * loads without it, and it is fetched once the first screen is on the way (see prefetchScreenTable).
 */
const screenTable = () => import('./screen-table.ts');
const HomeScreen = lazy(() => import('./screens/home.screen.tsx'));

const screenFor = (route: RoutePath): LazyExoticComponent<ComponentType> =>
  route === paths.home
    ? HomeScreen
    : lazy(async () => {
        const load = (await screenTable()).screenLoader(route);
        if (load) return load();
        const { NotAvailable } = await import('./not-available.tsx');
        return { default: () => <NotAvailable route={route} /> };
      });

/** Whether the app opens on home (its route, or none: '/' leads there). */
export const opensOnHome = (hash: string) => {
  const route = hash.replace(/^#\/?/, '').split('?')[0];
  return !route || route === paths.home;
};

/** Starts fetching the screen table at start when the app opens on another screen than home. */
export function prefetchScreenTable(hash: string) {
  if (!opensOnHome(hash)) void screenTable();
}

const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/${paths.home}`} replace /> },
  ...Object.values(paths).map((route: RoutePath) => {
    const Screen = screenFor(route);
    return {
      path: `/${route}`,
      element: (
        <PageFrame route={route}>
          <Screen />
        </PageFrame>
      ),
    };
  }),
  { path: '*', element: <Navigate to={`/${paths.home}`} replace /> },
];

/**
 * Where the address bar points when the router shows another place, else null. The router reads the
 * address when it first renders and listens only once that render is committed; the first render is a
 * transition (sliced), so a link opened in between would be missed and the app would stay on the old screen.
 */
export function missedAddress(shown: { pathname: string; search: string }, hash: string): string | null {
  const address = hash.replace(/^#/, '') || '/';
  return address === `${shown.pathname}${shown.search}` ? null : address;
}

/** Hands the router's navigate to the navigation helper (lib/nav.ts). */
function NavBinder() {
  const navigate = useNavigate();
  const shown = useLocation();
  useEffect(() => bindRouter({ navigate: (to, opts) => (typeof to === 'number' ? navigate(to) : navigate(to, opts)) }), [navigate]);
  // Runs after the router has started listening: catches up with an address that changed before.
  useEffect(() => {
    const missed = missedAddress(shown, window.location.hash);
    if (missed) navigate(missed, { replace: true });
    // Once, at start: later changes reach the router's own listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Once the first screen has drawn, the next one should not wait for the table.
  useEffect(() => void screenTable(), []);
  return null;
}

function Routes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <HashRouter>
      <NavBinder />
      <Routes />
    </HashRouter>
  );
}
