import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** A PDD product's promotion link (to open it in PDD). */
export const getPddUrl = (id: number) => api.call(contract.mall.getPDDUrl, { id });
export const usePddUrl = () => useMutation({ mutationFn: getPddUrl });
