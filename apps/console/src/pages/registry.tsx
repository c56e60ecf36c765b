import type { ReactNode } from 'react';
import { UsersPage } from './users.page.tsx';
import { OutboxPage } from './outbox.page.tsx';
import { SettingsPage } from './settings.page.tsx';
import { WalletRechargesPage } from './wallet-recharges.page.tsx';
import { WalletCustomersPage } from './wallet-customers.page.tsx';
import { WalletCouponsPage } from './wallet-coupons.page.tsx';
import { WalletReconcilePage } from './wallet-reconcile.page.tsx';

export interface ConsolePage {
  path: string;
  label: string;
  icon?: ReactNode;
  element: ReactNode;
}

/** Every console page, in menu order. Domains add theirs here. */
export const consolePages: ConsolePage[] = [
  { path: 'users', label: 'Customers', element: <UsersPage /> },
  { path: 'wallet/recharges', label: 'Top-up review', element: <WalletRechargesPage /> },
  { path: 'wallet/customers', label: 'Customer wallets', element: <WalletCustomersPage /> },
  { path: 'wallet/coupons', label: 'Coupon batches', element: <WalletCouponsPage /> },
  { path: 'wallet/reconcile', label: 'Reconciliation', element: <WalletReconcilePage /> },
  { path: 'outbox', label: 'Outbox (SMS / e-mail)', element: <OutboxPage /> },
  { path: 'settings', label: 'System settings', element: <SettingsPage /> },
];
