import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * What each write changes (issue 34 item 1): after any write, every screen reading the same data shows
 * the new data. A mutation names its write in `meta: { write: '...' }`; the query client's mutation cache
 * (lib/query-client.ts) then invalidates every cached read of the data that write touches. One table, so
 * a new write or a new screen is one line here, not a hunt through the screens.
 */

/** The data the app caches, and the query-key roots each is read under. */
const readsOf = {
  /** The user, their roles and group (authInfo), and what depends on who they are. */
  account: [['authInfo'], ['linkedAccounts']],
  addresses: [['addresses']],
  parcels: [['parcels']],
  bills: [['bills'], ['payment']],
  wallet: [['wallet']],
  groups: [['groups']],
  mall: [['mall']],
  cart: [
    ['mall', 'cart'],
    ['mall', 'cartCount'],
    ['mall', 'trade'],
  ],
  notifications: [['notifications']],
  content: [['content']],
} satisfies Record<string, QueryKey[]>;
export type Data = keyof typeof readsOf;

/**
 * Every write of the app and the data it changes. Pre-checks (lib/precheck.ts) ask again when the data
 * they read changes: a packing check reads addresses, group membership and parcels.
 */
export const writes = {
  // address
  saveAddress: ['addresses'],
  setDefaultAddress: ['addresses'],
  deleteAddress: ['addresses'],
  // account
  login: ['account', 'wallet', 'parcels', 'bills', 'groups', 'cart', 'notifications', 'addresses'],
  logout: ['account'],
  register: ['account'],
  switchAccount: ['account', 'wallet', 'parcels', 'bills', 'groups', 'cart', 'notifications', 'addresses'],
  switchRole: ['account', 'groups'],
  updateUser: ['account'],
  bindContact: ['account'],
  editPassword: [],
  linkAccount: ['account'],
  unlinkAccount: ['account'],
  uploadImage: [],
  // parcels
  declareParcel: ['parcels'],
  deleteParcel: ['parcels'],
  editGoods: ['parcels'],
  editCustoms: ['parcels'],
  batchDeclare: ['parcels'],
  applyPack: ['parcels', 'groups'],
  cancelApplyPack: ['parcels', 'groups'],
  cancelPack: ['parcels', 'bills', 'groups'],
  setIsCut: ['parcels'],
  signPack: ['parcels', 'groups'],
  setDispatch: ['parcels'],
  bookDoor: ['parcels'],
  cancelDoor: ['parcels'],
  applyReturn: ['parcels', 'bills'],
  cancelReturn: ['parcels', 'bills'],
  payReturn: ['parcels', 'bills', 'wallet'],
  claimLargeCargo: ['parcels'],
  applyInvoice: ['parcels'],
  claimInsurance: ['parcels', 'notifications'],
  // money: a payment moves the wallet, the bills, and whatever the bills were for
  payBills: ['bills', 'wallet', 'parcels', 'mall', 'groups', 'notifications'],
  topUp: ['wallet', 'bills'],
  claimCoupon: ['wallet', 'bills'],
  redeemCode: ['wallet', 'bills'],
  editAutoPay: ['wallet'],
  // groups
  joinGroup: ['groups', 'account', 'parcels'],
  quitGroup: ['groups', 'account', 'parcels'],
  applyLeader: ['groups', 'account'],
  leaderWrite: ['groups', 'parcels', 'bills'],
  confirmPickup: ['groups', 'parcels'],
  // mall
  addToCart: ['cart'],
  updateCart: ['cart'],
  removeFromCart: ['cart'],
  createMallOrder: ['cart', 'mall', 'bills', 'wallet'],
  cancelMallOrder: ['mall', 'bills', 'wallet'],
  mallSearchHistory: ['mall'],
  mallFootprints: ['mall'],
  // content and notifications
  chat: ['content'],
  pdd: ['content'],
  markRead: ['notifications'],
  notificationSettings: ['notifications'],
  whatsappOptIn: ['notifications'],
  telegramLink: ['notifications'],
  telegramUnlink: ['notifications'],
} satisfies Record<string, Data[]>;
export type Write = keyof typeof writes;

/** The query keys a write makes stale (pre-checks reading that data included). */
export function keysOf(write: Write): QueryKey[] {
  const data: readonly Data[] = writes[write];
  return data.flatMap((d) => readsOf[d]);
}

/** What each pre-check reads (it asks again when one is written), and the writes that act on its answer. */
const prechecks: Record<string, { reads: readonly Data[]; endedBy: readonly Write[] }> = {
  'parcels.checkApplyPack': { reads: ['addresses', 'groups', 'account', 'parcels'], endedBy: ['applyPack'] },
};

/**
 * After a write, a pre-check asks again ('refresh') when the write changed what it reads, unless the write
 * is the action it checked (the same question would now be refused): then, like any other write, 'freeze'.
 */
export function precheckAfter(write: Write | undefined, precheck: string): 'refresh' | 'freeze' {
  const p = prechecks[precheck];
  if (!write || !p || p.endedBy.includes(write)) return 'freeze';
  return p.reads.some((d) => (writes[write] as readonly Data[]).includes(d)) ? 'refresh' : 'freeze';
}

/** Marks every read the write changes as stale; screens showing them fetch again at once. */
export function afterWrite(qc: QueryClient, write: Write | undefined) {
  if (!write || !(write in writes)) return Promise.resolve();
  // A pre-check on a screen that is not shown is dropped: it would not ask again when shown (lib/precheck.ts).
  for (const name of Object.keys(prechecks))
    if (precheckAfter(write, name) === 'refresh') qc.removeQueries({ queryKey: ['precheck', name], type: 'inactive' });
  return Promise.all(keysOf(write).map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined);
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { write?: Write };
  }
}
