import type { ReactNode } from 'react';
import { UsersPage } from './users.page.tsx';
import { OutboxPage } from './outbox.page.tsx';
import { SettingsPage } from './settings.page.tsx';
import { InboundScanPage } from './parcels/inbound-scan.page.tsx';
import { ParcelsPage } from './parcels/parcels.page.tsx';
import { PackingPage } from './parcels/packing.page.tsx';
import { PacksPage } from './parcels/packs.page.tsx';
import { BatchesPage } from './parcels/batches.page.tsx';
import { ReturnsPage } from './parcels/returns.page.tsx';
import { UnclaimedPage } from './parcels/unclaimed.page.tsx';
import { RateCardsPage } from './parcels/rate-cards.page.tsx';
import { HolidaysPage } from './parcels/holidays.page.tsx';
import { WalletRechargesPage } from './wallet-recharges.page.tsx';
import { WalletCustomersPage } from './wallet-customers.page.tsx';
import { WalletCouponsPage } from './wallet-coupons.page.tsx';
import { WalletReconcilePage } from './wallet-reconcile.page.tsx';

export interface ConsolePage {
  path: string;
  /** The menu label; a domain page may give both languages ({ en, zh_CN }). */
  label: string | { en: string; zh_CN: string };
  icon?: ReactNode;
  element: ReactNode;
  /** Staff roles that see the page besides admin (absent: every role). */
  roles?: readonly string[];
}

/**
 * A domain's pages live in `pages/<domain>/<domain>.pages.tsx` and export `pages: ConsolePage[]`; they are
 * picked up here without touching this file.
 */
const domainPages = Object.values(import.meta.glob<{ pages: ConsolePage[] }>('./*/*.pages.tsx', { eager: true })).flatMap((m) => m.pages);

/** Every console page, in menu order. */
export const consolePages: ConsolePage[] = [
  { path: 'users', label: 'Customers', element: <UsersPage />, roles: ['service', 'finance'] },
  { path: 'inbound', label: 'Inbound scanning', element: <InboundScanPage />, roles: ['warehouse'] },
  { path: 'parcels', label: 'Parcels', element: <ParcelsPage />, roles: ['warehouse', 'service'] },
  { path: 'packing', label: 'Packing & measuring', element: <PackingPage />, roles: ['warehouse'] },
  { path: 'packs', label: 'Packs & bills', element: <PacksPage />, roles: ['warehouse', 'service', 'finance'] },
  { path: 'batches', label: 'Outbound batches', element: <BatchesPage />, roles: ['warehouse', 'service'] },
  { path: 'returns', label: 'Returns review', element: <ReturnsPage />, roles: ['warehouse', 'service'] },
  { path: 'unclaimed', label: 'Unclaimed parcels', element: <UnclaimedPage />, roles: ['warehouse', 'service'] },
  { path: 'rate-cards', label: 'Rate cards', element: <RateCardsPage />, roles: ['finance', 'warehouse', 'service'] },
  { path: 'holidays', label: 'Warehouse holidays', element: <HolidaysPage />, roles: ['warehouse', 'service'] },
  { path: 'wallet/recharges', label: 'Top-up review', element: <WalletRechargesPage />, roles: ['finance'] },
  { path: 'wallet/customers', label: 'Customer wallets', element: <WalletCustomersPage />, roles: ['finance', 'service'] },
  { path: 'wallet/coupons', label: 'Coupon batches', element: <WalletCouponsPage />, roles: ['finance', 'service'] },
  { path: 'wallet/reconcile', label: 'Reconciliation', element: <WalletReconcilePage />, roles: ['finance'] },
  ...domainPages,
  { path: 'outbox', label: 'Outbox (SMS / e-mail)', element: <OutboxPage />, roles: ['service'] },
  { path: 'settings', label: 'System settings', element: <SettingsPage />, roles: ['finance', 'service', 'content'] },
];
