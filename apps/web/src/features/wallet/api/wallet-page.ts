import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** Balance, auto-pay, top-up methods, PayNow and bank details: one call feeds the wallet card and the top-up pages. */
export const walletPageKey = ['wallet', 'page'] as const;
export const getWalletPage = () => api.call(contract.wallet.getMailRechange, {}, { loading: false });
export const useWalletPage = (enabled = true) => useQuery({ queryKey: walletPageKey, queryFn: getWalletPage, enabled });
