import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

/** Change a line's quantity, or select / unselect lines; answers with the whole cart. */
export const updateCart = (v: { ids: number[]; quantity?: number; selected?: boolean }) =>
  api.call(contract.mall.updateCargoShoppingCart, { ids: v.ids, quantity: v.quantity, selected: v.selected } as never, { loading: false });
export const useUpdateCart = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'updateCart' },
    mutationFn: updateCart,
    onSuccess: (cart) => {
      qc.setQueryData(mallKeys.cart(), cart);
      qc.setQueryData(mallKeys.cartCount(), { count: cart.count });
    },
    // A refused change (stock) leaves the cart as the server has it.
    onError: () => void qc.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
};
