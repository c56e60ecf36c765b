import type { ConsoleDomain } from '../registry.tsx';

/** Administrators only (empty roles): who may use the console, and what they did. */
export const menuOrder: ConsoleDomain['menuOrder'] = 95;
export const menuGroup: ConsoleDomain['menuGroup'] = 'system';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'admin/staff',
    label: { en: 'Staff accounts', zh_CN: '员工账号' },
    roles: [],
    load: () => import('./staff.page.tsx').then((m) => m.StaffPage),
  },
  {
    path: 'admin/audit',
    label: { en: 'Audit log', zh_CN: '操作日志' },
    roles: [],
    load: () => import('./audit.page.tsx').then((m) => m.AuditPage),
  },
];
