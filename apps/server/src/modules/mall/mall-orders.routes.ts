import type { contract } from '@pinyou/contract';
import { userIdOf, type Handlers } from '../../core/http.ts';
import type { MallCartService } from './mall-cart.service.ts';
import type { MallOrdersService } from './mall-orders.service.ts';
import type { MallFulfilment } from './mall-fulfilment.ts';
import type { MallWxpayService } from './mall-wxpay.service.ts';

type Mall = typeof contract.mall;
type MallAdmin = typeof contract.mallAdmin;
type OrderCalls =
  | 'putIntoShoppingCart'
  | 'showShoppingCart'
  | 'removeCargofromShoppingCart'
  | 'updateCargoShoppingCart'
  | 'showShoppingCartCount'
  | 'getTradeInfo'
  | 'createOrder'
  | 'getRecords'
  | 'getRecordsCount'
  | 'getRecordDetail'
  | 'cancelOrder'
  | 'cancelJdOrder'
  | 'cancelSelfShopOrder'
  | 'getWxPay'
  | 'getWxPayResult'
  | 'getLogistics';
type AdminCalls =
  'adminMallOrders' | 'adminMallOrder' | 'adminPurchaseMallOrder' | 'adminShipMallOrder' | 'adminReviewMallCancel' | 'adminCancelMallOrder';

export interface OrdersServices {
  cart: MallCartService;
  orders: MallOrdersService;
  fulfilment: MallFulfilment;
  wxpay: MallWxpayService;
}

export function mallOrdersRoutes(s: OrdersServices): Handlers<Pick<Mall, OrderCalls>> {
  const { cart, orders, fulfilment: f, wxpay } = s;
  const cancelled = async (userId: number, id: number) => orders.detail(userId, id);
  return {
    putIntoShoppingCart: (i, ctx) => cart.put(userIdOf(ctx), i),
    showShoppingCart: (_, ctx) => cart.show(userIdOf(ctx)),
    removeCargofromShoppingCart: (i, ctx) => cart.remove(userIdOf(ctx), i.ids),
    updateCargoShoppingCart: (i, ctx) => cart.update(userIdOf(ctx), i),
    showShoppingCartCount: (_, ctx) => cart.count(ctx.session?.userId ?? null),
    getTradeInfo: (i, ctx) => orders.tradeInfo(userIdOf(ctx), i, ctx.lang),
    createOrder: (i, ctx) => orders.createOrder(userIdOf(ctx), i),
    getRecords: (i, ctx) => orders.records(userIdOf(ctx), i),
    getRecordsCount: (_, ctx) => orders.recordsCount(userIdOf(ctx)),
    getRecordDetail: (i, ctx) => orders.detail(userIdOf(ctx), i.id),
    cancelOrder: async (i, ctx) => cancelled(userIdOf(ctx), await f.cancel(userIdOf(ctx), i.id, i.reason, 'any')),
    cancelJdOrder: async (i, ctx) => cancelled(userIdOf(ctx), await f.cancel(userIdOf(ctx), i.id, i.reason, 'jd')),
    cancelSelfShopOrder: async (i, ctx) => cancelled(userIdOf(ctx), await f.cancel(userIdOf(ctx), i.id, i.reason, 'self')),
    getWxPay: (i, ctx) => wxpay.start(userIdOf(ctx), i, ctx),
    getWxPayResult: (i, ctx) => wxpay.result(userIdOf(ctx), i.out_trade_no, ctx.lang),
    getLogistics: (i, ctx) => orders.logistics(userIdOf(ctx), i.id, ctx.lang),
  };
}

export function mallOrdersAdminRoutes(s: OrdersServices): Handlers<Pick<MallAdmin, AdminCalls>> {
  const { orders, fulfilment: f } = s;
  return {
    adminMallOrders: (i) => orders.adminList(i),
    adminMallOrder: (i) => orders.adminDetail(i.id),
    adminPurchaseMallOrder: async (i) => (await f.purchase(i.id, i.platform_order_no), orders.adminDetail(i.id)),
    adminShipMallOrder: async (i) => (await f.ship(i.id, i.carrier, i.tracking_no), orders.adminDetail(i.id)),
    adminReviewMallCancel: async (i) => (await f.reviewCancel(i.id, i.approve, i.reason), orders.adminDetail(i.id)),
    adminCancelMallOrder: async (i) => (await f.staffCancel(i.id, i.reason), orders.adminDetail(i.id)),
  };
}
