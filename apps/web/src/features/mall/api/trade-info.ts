import { useQuery } from '@tanstack/react-query';
import { contract, type MallShippingMode, type ResponseOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export type TradeInfo = ResponseOf<typeof contract.mall.getTradeInfo>;
/** What to settle: selected cart lines, or one item bought at once. */
export interface SettleWhat {
  cartIds?: number[];
  productId?: number;
  skuId?: number;
  quantity?: number;
}
export const settleBody = (w: SettleWhat) =>
  w.cartIds?.length ? { cart_ids: w.cartIds } : { product_id: w.productId, sku_id: w.skuId, quantity: w.quantity ?? 1 };

export const getTradeInfo = (w: SettleWhat, mode?: MallShippingMode) =>
  api.call(contract.mall.getTradeInfo, { ...settleBody(w), shipping_mode: mode } as never, { loading: false });

/** Settlement at today's prices: orders per source, freight, rebate, modes, address or leader, coupons. */
export const useTradeInfo = (w: SettleWhat, mode: MallShippingMode | undefined, enabled: boolean) =>
  useQuery({ queryKey: mallKeys.trade({ ...w, mode }), queryFn: () => getTradeInfo(w, mode), enabled, placeholderData: (prev) => prev });
