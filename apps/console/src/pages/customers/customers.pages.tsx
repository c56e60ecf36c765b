import type { ConsoleDomain } from '../registry.tsx';

/** Customers' accounts (service and finance look people up here). */
export const menuOrder: ConsoleDomain['menuOrder'] = 10;
export const menuGroup: ConsoleDomain['menuGroup'] = 'customers';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'users',
    label: { en: 'Customers', zh_CN: '客户' },
    roles: ['service', 'finance'],
    load: () => import('./users.page.tsx').then((m) => m.UsersPage),
  },
];
