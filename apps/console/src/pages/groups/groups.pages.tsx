import type { ConsoleDomain } from '../registry.tsx';

const desk = ['leader_desk'] as const;

/** The leader desk's pages: leaders' applications, their groups, the group batches and the leaders' rewards. */
export const menuOrder: ConsoleDomain['menuOrder'] = 60;
export const menuGroup: ConsoleDomain['menuGroup'] = 'groups';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'groups/applications',
    label: { en: 'Leader applications', zh_CN: '团长申请' },
    roles: desk,
    load: () => import('./applications.page.tsx').then((m) => m.ApplicationsPage),
  },
  {
    path: 'groups/list',
    label: { en: 'Groups', zh_CN: '拼团管理' },
    roles: desk,
    load: () => import('./groups.page.tsx').then((m) => m.GroupsPage),
  },
  {
    path: 'groups/batches',
    label: { en: 'Group batches', zh_CN: '拼团批次' },
    roles: ['leader_desk', 'warehouse'],
    load: () => import('./group-batches.page.tsx').then((m) => m.BatchesPage),
  },
  {
    path: 'groups/payouts',
    label: { en: 'Reward payouts', zh_CN: '奖励发放' },
    roles: ['leader_desk', 'finance'],
    load: () => import('./payouts.page.tsx').then((m) => m.PayoutsPage),
  },
];
