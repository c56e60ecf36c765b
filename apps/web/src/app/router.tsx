import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useEffect } from 'react';
import { HashRouter, Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { paths, type RoutePath } from './paths.ts';
import { PageFrame } from './page-frame.tsx';
const NotAvailable = lazy(() => import('./not-available.tsx').then((m) => ({ default: m.NotAvailable })));
import { bindRouter } from '../lib/nav.ts';

// Screens are discovered by file: src/screens/<route>.screen.tsx. Each is its own lazy chunk.
const modules = import.meta.glob<{ default: ComponentType }>('../screens/**/*.screen.tsx');
const screenFor = (route: string): LazyExoticComponent<ComponentType> | null => {
  const load = modules[`../screens/${route}.screen.tsx`];
  return load ? lazy(load) : null;
};

const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/${paths.home}`} replace /> },
  ...Object.values(paths).map((route: RoutePath) => {
    const Screen = screenFor(route);
    return {
      path: `/${route}`,
      element: <PageFrame route={route}>{Screen ? <Screen /> : <NotAvailable route={route} />}</PageFrame>,
    };
  }),
  { path: '*', element: <Navigate to={`/${paths.home}`} replace /> },
];

/** Hands the router's navigate to the navigation helper (lib/nav.ts). */
function NavBinder() {
  const navigate = useNavigate();
  useEffect(() => bindRouter({ navigate: (to, opts) => (typeof to === 'number' ? navigate(to) : navigate(to, opts)) }), [navigate]);
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
