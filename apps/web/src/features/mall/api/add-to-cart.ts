import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const addToCart = (v: { productId: number; skuId?: number; quantity: number }) =>
  api.call(contract.mall.putIntoShoppingCart, { product_id: v.productId, sku_id: v.skuId, quantity: v.quantity });
export const useAddToCart = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'addToCart' },
    mutationFn: addToCart,
    onSuccess: (r) => {
      qc.setQueryData(mallKeys.cartCount(), { count: r.cart_count });
      void qc.invalidateQueries({ queryKey: mallKeys.cart() });
    },
  });
};
