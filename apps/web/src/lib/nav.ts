import { paths, type RoutePath } from './paths.ts';

type Query = Record<string, string | number | boolean | undefined | null>;
interface RouterLike {
  navigate(to: string | number, opts?: { replace?: boolean }): unknown;
}

let router: RouterLike | null = null;
export function bindRouter(r: RouterLike) {
  router = r;
}

export function toUrl(path: RoutePath | string, query?: Query) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `/${path}${s ? `?${s}` : ''}`;
}

/** react-router keeps the history index in history.state.idx; above 0 means there is a page to go back to. */
export function hasPreviousPage() {
  const idx = (globalThis.history?.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/** The navigation helper of spec §2: navigate, redirect, switch tab, relaunch, back. */
export const nav = {
  navigateTo(path: RoutePath, query?: Query) {
    void router?.navigate(toUrl(path, query));
  },
  redirectTo(path: RoutePath, query?: Query) {
    void router?.navigate(toUrl(path, query), { replace: true });
  },
  switchTab(path: RoutePath) {
    void router?.navigate(toUrl(path), { replace: true });
  },
  reLaunch(path: RoutePath, query?: Query) {
    void router?.navigate(toUrl(path, query), { replace: true });
  },
  navigateBack(fallback: RoutePath = paths.home) {
    if (hasPreviousPage()) void router?.navigate(-1);
    else void router?.navigate(toUrl(fallback), { replace: true });
  },
};
