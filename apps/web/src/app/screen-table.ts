import type { ComponentType } from 'react';
import { paths, type PathName } from '../lib/paths.ts';

type ScreenModule = { default: ComponentType };

/**
 * Which screen each route shows, by the route's name in the paths map. Each screen is its own lazy chunk; a
 * route missing here shows the 'not available yet' page and is not listed by `npm run routes`.
 */
export const screens: Partial<Record<PathName, () => Promise<ScreenModule>>> = {
  home: () => import('./screens/home.screen.tsx'),
  calculateFreight: () => import('../features/parcels/screens/freight-calculator.screen.tsx'),
  articleDetail: () => import('../features/content/screens/article.screen.tsx'),
  changeRole: () => import('../features/account/screens/change-role.screen.tsx'),
  map: () => import('../features/groups/screens/leader-map.screen.tsx'),
  mall: () => import('../features/mall/screens/mall-home.screen.tsx'),
  my: () => import('./screens/my-centre.screen.tsx'),
  groupJoin: () => import('../features/groups/screens/join-group.screen.tsx'),
  groupDetail: () => import('../features/groups/screens/my-group.screen.tsx'),
  groupDeliveryAdd: () => import('./screens/group-declare.screen.tsx'),
  groupApplyLeader: () => import('../features/groups/screens/apply-leader.screen.tsx'),
  groupSelectLeader: () => import('../features/groups/screens/select-leader.screen.tsx'),
  groupMyGroup: () => import('../features/groups/screens/led-group.screen.tsx'),
  groupAddGroup: () => import('../features/groups/screens/edit-group.screen.tsx'),
  groupOrder: () => import('../features/groups/screens/group-batches.screen.tsx'),
  myGroupPickup: () => import('../features/groups/screens/pickups.screen.tsx'),
  memberOrder: () => import('../features/groups/screens/member-orders.screen.tsx'),
  memberDetail: () => import('../features/groups/screens/member-order.screen.tsx'),
  // The same member order view, reached from a batch list (the spec keeps both detail routes).
  memberDetail1: () => import('../features/groups/screens/member-order.screen.tsx'),
  memberDetail2: () => import('../features/groups/screens/my-collections.screen.tsx'),
  referrerList: () => import('../features/groups/screens/referrals.screen.tsx'),
  orderCreate: () => import('../features/parcels/screens/declare.screen.tsx'),
  doorToDoor: () => import('../features/parcels/screens/door-service.screen.tsx'),
  orderAll: () => import('../features/parcels/screens/parcels.screen.tsx'),
  orderDetail: () => import('../features/parcels/screens/parcel.screen.tsx'),
  orderDetail1: () => import('../features/parcels/screens/outbound-batch.screen.tsx'),
  orderDetail2: () => import('../features/parcels/screens/return.screen.tsx'),
  packageDetail: () => import('../features/parcels/screens/pack.screen.tsx'),
  logisticsDetail: () => import('../features/parcels/screens/tracking.screen.tsx'),
  orderPackage: () => import('../features/parcels/screens/request-packing.screen.tsx'),
  packageList: () => import('../features/parcels/screens/packing-appointments.screen.tsx'),
  deliveryTime: () => import('../features/parcels/screens/delivery-time.screen.tsx'),
  batchOrder: () => import('../features/parcels/screens/batch-declare.screen.tsx'),
  batchDetail: () => import('../features/parcels/screens/batch-declaration.screen.tsx'),
  batchList: () => import('../features/parcels/screens/batch-declarations.screen.tsx'),
  addInvoice: () => import('../features/parcels/screens/invoice-request.screen.tsx'),
  invoice: () => import('../features/parcels/screens/waybill.screen.tsx'),
  bigClaim: () => import('../features/parcels/screens/claim-big-parcel.screen.tsx'),
  orderSuccess: () => import('../features/parcels/screens/declared.screen.tsx'),
  airRules: () => import('./screens/air-rules.screen.tsx'),
  cargoList: () => import('../features/mall/screens/goods-list.screen.tsx'),
  cargoJdDetail: () => import('../features/mall/screens/goods-jd.screen.tsx'),
  cargoLtzyDetail: () => import('../features/mall/screens/goods-own-shop.screen.tsx'),
  cargo1688Detail: () => import('../features/mall/screens/goods-1688.screen.tsx'),
  cargoTbDetail: () => import('../features/mall/screens/goods-taobao.screen.tsx'),
  cartList: () => import('../features/mall/screens/cart.screen.tsx'),
  cartSettlement: () => import('../features/mall/screens/checkout.screen.tsx'),
  cartOrderDetail: () => import('../features/mall/screens/mall-order.screen.tsx'),
  orderCenter: () => import('../features/mall/screens/mall-orders.screen.tsx'),
  searchShop: () => import('../features/mall/screens/search.screen.tsx'),
  footPrint: () => import('../features/mall/screens/footprints.screen.tsx'),
  changeAccount: () => import('../features/account/screens/linked-accounts.screen.tsx'),
  addAccount: () => import('../features/account/screens/link-account.screen.tsx'),
  gzh: () => import('../features/content/screens/official-account.screen.tsx'),
  terms: () => import('../features/account/screens/legal-document.screen.tsx'),
  addressList: () => import('../features/address/screens/addresses.screen.tsx'),
  addressAdd: () => import('../features/address/screens/edit-address.screen.tsx'),
  addressDetail: () => import('../features/address/screens/address.screen.tsx'),
  infoEdit: () => import('../features/account/screens/sign-in-or-profile.screen.tsx'),
  forgetPassword: () => import('../features/account/screens/reset-password.screen.tsx'),
  recharge: () => import('../features/wallet/screens/top-up.screen.tsx'),
  rechargeApply: () => import('../features/wallet/screens/bank-transfer.screen.tsx'),
  rechargeList: () => import('../features/wallet/screens/transactions.screen.tsx'),
  rechargeDetail: () => import('../features/wallet/screens/transaction.screen.tsx'),
  myCoupon: () => import('../features/wallet/screens/coupons.screen.tsx'),
  notifications: () => import('../features/notifications/screens/notifications.screen.tsx'),
  chooseCoupon: () => import('../features/payment/screens/choose-coupon.screen.tsx'),
  payDone: () => import('./screens/pay-done.screen.tsx'),
  customerService: () => import('../features/content/screens/customer-service.screen.tsx'),
  aiTalk: () => import('../features/content/screens/ai-assistant.screen.tsx'),
  selfManage: () => import('../features/content/screens/pickup-site.screen.tsx'),
  selfManageDetail: () => import('../features/content/screens/pickup-record.screen.tsx'),
  chooseLocation: () => import('./screens/choose-location.screen.tsx'),
  openLocation: () => import('./screens/open-location.screen.tsx'),
};

/** The loader of a route's screen, or undefined when the route has no screen yet. */
export function screenLoader(route: string): (() => Promise<ScreenModule>) | undefined {
  const name = (Object.keys(paths) as PathName[]).find((n) => paths[n] === route);
  return name && screens[name];
}
