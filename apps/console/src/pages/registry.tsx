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

/** The menu's sections, one per business domain; a domain's pages sit under its section. */
export const menuGroups = {
  customers: { en: 'Customers', zh_CN: '客户' },
  parcels: { en: 'Parcels & warehouse', zh_CN: '包裹与仓库' },
  wallet: { en: 'Wallet & finance', zh_CN: '钱包与财务' },
  content: { en: 'Content & support', zh_CN: '内容与客服' },
  groups: { en: 'Groups & leaders', zh_CN: '拼团与团长' },
  mall: { en: 'Mall', zh_CN: '商城' },
  system: { en: 'System', zh_CN: '系统' },
} as const;
export type MenuGroupKey = keyof typeof menuGroups;

/** What a domain's `pages/<domain>/<domain>.pages.tsx` exports. */
export interface ConsoleDomain {
  /** Where the domain's entries sit in the menu (lower first); the first page a role sees is its landing page. */
  menuOrder: number;
  /** The menu section the domain's pages sit under. */
  menuGroup: MenuGroupKey;
  pages: ConsolePage[];
}

export type RoutedConsolePage = ConsolePage & { element: ReactNode; group: MenuGroupKey };

/**
 * Adding a domain means adding `pages/<domain>/<domain>.pages.tsx` (this file changes only for a new menu
 * section). The glob is eager only for those small registration modules; registry.test.tsx checks they never
 * import page code.
 */
const domains = Object.values(import.meta.glob<ConsoleDomain>('./*/*.pages.tsx', { eager: true }));

/** Every console page, in menu order. */
export const consolePages: RoutedConsolePage[] = domains
  .slice()
  .sort((a, b) => a.menuOrder - b.menuOrder)
  .flatMap((d) => d.pages.map((p) => ({ ...p, group: d.menuGroup })))
  .map((p) => ({ ...p, element: <LazyPage key={p.path} page={p} /> }));

/** The menu's sections in menu order (a section first appears where its first domain sits), each with its pages. */
export function menuSections(pages: readonly RoutedConsolePage[]) {
  const sections: { key: MenuGroupKey; label: (typeof menuGroups)[MenuGroupKey]; pages: RoutedConsolePage[] }[] = [];
  for (const p of pages) {
    const s = sections.find((x) => x.key === p.group);
    if (s) s.pages.push(p);
    else sections.push({ key: p.group, label: menuGroups[p.group], pages: [p] });
  }
  return sections;
}
