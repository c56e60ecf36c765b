import type { ConsolePage } from '../registry.tsx';
import { MallOrdersPage } from './mall-orders.page.tsx';
import { MallProductsPage } from './mall-products.page.tsx';
import { MallCategoriesPage } from './mall-categories.page.tsx';
import { MallSlidesPage } from './mall-slides.page.tsx';
import { MallSettingsPage } from './mall-settings.page.tsx';

/**
 * The mall's staff pages (mallAdminContract): orders for customer service and the warehouse, goods,
 * categories and slides for content staff, the sources' and rebate settings for finance (content may read them).
 */
export const pages: ConsolePage[] = [
  { path: 'mall/orders', label: { en: 'Mall orders', zh_CN: '商城订单' }, element: <MallOrdersPage />, roles: ['service', 'warehouse'] },
  { path: 'mall/products', label: { en: 'Mall goods', zh_CN: '商城商品' }, element: <MallProductsPage />, roles: ['content'] },
  { path: 'mall/categories', label: { en: 'Mall categories', zh_CN: '商城分类' }, element: <MallCategoriesPage />, roles: ['content'] },
  { path: 'mall/slides', label: { en: 'Mall slides', zh_CN: '商城轮播图' }, element: <MallSlidesPage />, roles: ['content'] },
  {
    path: 'mall/settings',
    label: { en: 'Mall settings', zh_CN: '商城设置' },
    element: <MallSettingsPage />,
    roles: ['content', 'finance'],
  },
];
