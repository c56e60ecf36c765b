// PLACEHOLDER (base of the mall branches): the orders helper replaces this file whole.
import { DomainError } from '../../core/errors.ts';
import type { MallDeps } from './mall.deps.ts';
import type { MallPart } from './mall.part.ts';

const notYet = () => {
  throw new DomainError('FAILED');
};
const calls = [
  'putIntoShoppingCart',
  'showShoppingCart',
  'removeCargofromShoppingCart',
  'updateCargoShoppingCart',
  'showShoppingCartCount',
  'getTradeInfo',
  'createOrder',
  'getRecords',
  'getRecordsCount',
  'getRecordDetail',
  'cancelOrder',
  'cancelJdOrder',
  'cancelSelfShopOrder',
  'getWxPay',
  'getWxPayResult',
  'getLogistics',
];
const adminCalls = [
  'adminMallOrders',
  'adminMallOrder',
  'adminPurchaseMallOrder',
  'adminShipMallOrder',
  'adminReviewMallCancel',
  'adminCancelMallOrder',
];

export function createOrdersPart(_d: MallDeps): MallPart<Record<string, never>> {
  return {
    services: {},
    handlers: {
      mall: Object.fromEntries(calls.map((c) => [c, notYet])),
      mallAdmin: Object.fromEntries(adminCalls.map((c) => [c, notYet])),
    },
  };
}
