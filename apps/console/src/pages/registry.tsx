import type { ComponentType, ReactNode } from 'react';
import { LazyPage } from '../components/lazy-page.tsx';

/**
 * One menu entry of a domain, registered WITHOUT importing the page's code: `load` is a dynamic import, so
 * each domain's pages become their own chunks and are fetched when a staff member first opens them.
 */
export interface ConsolePage {
  path: string;
  /** The menu label in both console languages. */
  label: { en: string; zh_CN: string };
  icon?: ReactNode;
  /** Staff roles that see the page besides admin (absent: every role; empty: administrators only). */
  roles?: readonly string[];
  /** e.g. `() => import('./users.page.tsx').then((m) => m.UsersPage)`. */
  load: () => Promise<ComponentType>;
}

/** What a domain's `pages/<domain>/<domain>.pages.tsx` exports. */
export interface ConsoleDomain {
  /** Where the domain's entries sit in the menu (lower first); the first page a role sees is its landing page. */
  menuOrder: number;
  pages: ConsolePage[];
}

export type RoutedConsolePage = ConsolePage & { element: ReactNode };

/**
 * Adding a domain means adding `pages/<domain>/<domain>.pages.tsx` (this file does not change). The glob is
 * eager only for those small registration modules; registry.test.ts checks they never import page code.
 */
const domains = Object.values(import.meta.glob<ConsoleDomain>('./*/*.pages.tsx', { eager: true }));

/** Every console page, in menu order. */
export const consolePages: RoutedConsolePage[] = domains
  .slice()
  .sort((a, b) => a.menuOrder - b.menuOrder)
  .flatMap((d) => d.pages)
  .map((p) => ({ ...p, element: <LazyPage key={p.path} page={p} /> }));
