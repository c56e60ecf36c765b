import { useMutation } from '@tanstack/react-query';
import { Code, contract, mallNotInCatalogueSchema } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/request.ts';

/**
 * A pasted product link or share text (JD, Taobao/Tmall, 1688, PDD), or a JD sku id: the product to open.
 * Silent: a link that is not recognised, or an item not in our catalogue, is shown by the screen itself
 * (with a search by title), not as a blocking tip.
 */
export const recogniseLink = (text: string) => {
  const s = text.trim();
  return api.call(contract.mall.getJDBySkuid, /^\d{5,20}$/.test(s) ? { sku_id: s } : { text: s }, { silent: true });
};
export const useRecogniseLink = () => useMutation({ mutationFn: recogniseLink });

/** Why a paste opened nothing, in the server's words, and the title to search for instead ('' when none was quoted). */
export interface LinkMiss {
  message: string;
  title: string;
  notHeld: boolean;
}

/** The miss a failed recognition is, or null for other failures (a network error the client already showed). */
export function linkMissOf(e: unknown): LinkMiss | null {
  // Network and HTTP failures were already shown by the request client.
  if (!(e instanceof ApiError) || e.status !== 200 || e.code <= 0 || !e.message) return null;
  if (e.code === Code.ITEM_NOT_IN_CATALOGUE) {
    const data = mallNotInCatalogueSchema.safeParse(e.data);
    return { message: e.message, title: data.success ? data.data.title : '', notHeld: true };
  }
  return { message: e.message, title: '', notHeld: false };
}
