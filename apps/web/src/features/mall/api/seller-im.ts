import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** The seller's customer-service link for a product ('ours' for our own shop: our chat). */
export const getSellerIm = (id: number) => api.call(contract.mall.getTaobaoPreSaleIm, { id });
export const useSellerIm = () => useMutation({ mutationFn: getSellerIm });
