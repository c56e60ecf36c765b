import type { ConsoleDomain } from '../registry.tsx';

/**
 * The mall's staff pages (mallAdminContract): orders for customer service and the warehouse, goods,
 * categories and slides for content staff, the sources' and rebate settings for finance (content may read them).
 */
export const menuOrder: ConsoleDomain['menuOrder'] = 70;
export const menuGroup: ConsoleDomain['menuGroup'] = 'mall';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'mall/orders',
    label: { en: 'Mall orders', zh_CN: '商城订单' },
    roles: ['service', 'warehouse'],
    load: () => import('./mall-orders.page.tsx').then((m) => m.MallOrdersPage),
  },
  {
    path: 'mall/products',
    label: { en: 'Mall goods', zh_CN: '商城商品' },
    roles: ['content'],
    load: () => import('./mall-products.page.tsx').then((m) => m.MallProductsPage),
  },
  {
    path: 'mall/categories',
    label: { en: 'Mall categories', zh_CN: '商城分类' },
    roles: ['content'],
    load: () => import('./mall-categories.page.tsx').then((m) => m.MallCategoriesPage),
  },
  {
    path: 'mall/slides',
    label: { en: 'Mall slides', zh_CN: '商城轮播图' },
    roles: ['content'],
    load: () => import('./mall-slides.page.tsx').then((m) => m.MallSlidesPage),
  },
  {
    path: 'mall/settings',
    label: { en: 'Mall settings', zh_CN: '商城设置' },
    roles: ['content', 'finance'],
    load: () => import('./mall-settings.page.tsx').then((m) => m.MallSettingsPage),
  },
];
