import { useQuery } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export type Cart = ResponseOf<typeof contract.mall.showShoppingCart>;
export const getCart = () => api.call(contract.mall.showShoppingCart, {}, { loading: false });
/** The caller's cart, grouped by source and seller, at today's prices. */
export const useCart = () => useQuery({ queryKey: mallKeys.cart(), queryFn: getCart });
