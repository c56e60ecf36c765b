import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** A pasted product link or share text (JD, Taobao/Tmall, 1688, PDD), or a JD sku id: the product to open. */
export const recogniseLink = (text: string) => {
  const s = text.trim();
  return api.call(contract.mall.getJDBySkuid, /^\d{5,20}$/.test(s) ? { sku_id: s } : { text: s });
};
export const useRecogniseLink = () => useMutation({ mutationFn: recogniseLink });
