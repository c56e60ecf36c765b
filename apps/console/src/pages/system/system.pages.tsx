import type { ConsoleDomain } from '../registry.tsx';

/** The platform's own plumbing, last in the menu: messages sent out and the system settings. */
export const menuOrder: ConsoleDomain['menuOrder'] = 90;
export const menuGroup: ConsoleDomain['menuGroup'] = 'system';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'outbox',
    label: { en: 'Outbox (all channels)', zh_CN: '发件箱（全部渠道）' },
    roles: ['service'],
    load: () => import('./outbox.page.tsx').then((m) => m.OutboxPage),
  },
  {
    path: 'settings',
    label: { en: 'System settings', zh_CN: '系统设置' },
    roles: ['finance', 'service', 'content'],
    load: () => import('./settings.page.tsx').then((m) => m.SettingsPage),
  },
];
