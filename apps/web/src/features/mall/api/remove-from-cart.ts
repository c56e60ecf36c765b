import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const removeFromCart = (ids: number[]) => api.call(contract.mall.removeCargofromShoppingCart, { ids });
export const useRemoveFromCart = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'removeFromCart' },
    mutationFn: removeFromCart,
    onSuccess: (r) => {
      qc.setQueryData(mallKeys.cartCount(), { count: r.cart_count });
      void qc.invalidateQueries({ queryKey: mallKeys.cart() });
    },
  });
};
