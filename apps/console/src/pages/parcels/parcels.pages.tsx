import type { ConsoleDomain } from '../registry.tsx';

/** The warehouse's parcel work, in the order a parcel goes through it, then the rules it is priced by. */
export const menuOrder: ConsoleDomain['menuOrder'] = 20;
export const menuGroup: ConsoleDomain['menuGroup'] = 'parcels';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'inbound',
    label: { en: 'Inbound scanning', zh_CN: '入库扫描' },
    roles: ['warehouse'],
    load: () => import('./inbound-scan.page.tsx').then((m) => m.InboundScanPage),
  },
  {
    path: 'parcels',
    label: { en: 'Parcels', zh_CN: '包裹' },
    roles: ['warehouse', 'service'],
    load: () => import('./parcels.page.tsx').then((m) => m.ParcelsPage),
  },
  {
    path: 'claims',
    label: { en: 'Insurance claims', zh_CN: '保险理赔' },
    roles: ['finance', 'service'],
    load: () => import('./claims.page.tsx').then((m) => m.ClaimsPage),
  },
  {
    path: 'problems',
    label: { en: 'Problem parcels', zh_CN: '异常件' },
    roles: ['warehouse', 'service'],
    load: () => import('./problems.page.tsx').then((m) => m.ProblemsPage),
  },
  {
    path: 'packing',
    label: { en: 'Packing & measuring', zh_CN: '打包测量' },
    roles: ['warehouse'],
    load: () => import('./packing.page.tsx').then((m) => m.PackingPage),
  },
  {
    path: 'packs',
    label: { en: 'Packs & bills', zh_CN: '集运包与账单' },
    roles: ['warehouse', 'service', 'finance'],
    load: () => import('./packs.page.tsx').then((m) => m.PacksPage),
  },
  {
    path: 'batches',
    label: { en: 'Outbound batches', zh_CN: '出库批次' },
    roles: ['warehouse', 'service'],
    load: () => import('./batches.page.tsx').then((m) => m.BatchesPage),
  },
  {
    path: 'returns',
    label: { en: 'Returns review', zh_CN: '退件审核' },
    roles: ['warehouse', 'service'],
    load: () => import('./returns.page.tsx').then((m) => m.ReturnsPage),
  },
  {
    path: 'unclaimed',
    label: { en: 'Unclaimed parcels', zh_CN: '无主包裹' },
    roles: ['warehouse', 'service'],
    load: () => import('./unclaimed.page.tsx').then((m) => m.UnclaimedPage),
  },
  {
    path: 'rate-cards',
    label: { en: 'Rate cards', zh_CN: '费率表' },
    roles: ['finance', 'warehouse', 'service'],
    load: () => import('./rate-cards.page.tsx').then((m) => m.RateCardsPage),
  },
  {
    path: 'holidays',
    label: { en: 'Warehouse holidays', zh_CN: '仓库休息日' },
    roles: ['warehouse', 'service'],
    load: () => import('./holidays.page.tsx').then((m) => m.HolidaysPage),
  },
];
