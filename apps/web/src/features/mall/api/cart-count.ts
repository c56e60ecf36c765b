import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getCartCount = () => api.call(contract.mall.showShoppingCartCount, {}, { loading: false, silent: true });
/** How many goods are in the cart (0 when signed out): the cart badge. */
export const useCartCount = () => useQuery({ queryKey: mallKeys.cartCount(), queryFn: getCartCount });
