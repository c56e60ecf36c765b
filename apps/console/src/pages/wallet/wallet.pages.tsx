import type { ConsoleDomain } from '../registry.tsx';

/** Money held for customers: top-ups to review, balances and adjustments, coupons, the books' check. */
export const menuOrder: ConsoleDomain['menuOrder'] = 30;
export const menuGroup: ConsoleDomain['menuGroup'] = 'wallet';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'wallet/recharges',
    label: { en: 'Top-up review', zh_CN: '充值审核' },
    roles: ['finance'],
    load: () => import('./recharges.page.tsx').then((m) => m.WalletRechargesPage),
  },
  {
    path: 'wallet/customers',
    label: { en: 'Customer wallets', zh_CN: '客户钱包' },
    roles: ['finance', 'service'],
    load: () => import('./customers.page.tsx').then((m) => m.WalletCustomersPage),
  },
  {
    path: 'wallet/coupons',
    label: { en: 'Coupon batches', zh_CN: '优惠券批次' },
    roles: ['finance', 'service'],
    load: () => import('./coupons.page.tsx').then((m) => m.WalletCouponsPage),
  },
  {
    path: 'wallet/reconcile',
    label: { en: 'Reconciliation', zh_CN: '对账' },
    roles: ['finance'],
    load: () => import('./reconcile.page.tsx').then((m) => m.WalletReconcilePage),
  },
];
