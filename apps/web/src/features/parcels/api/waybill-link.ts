import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** A short-lived link to the pack's PDF waybill (it carries its own signature, so the browser can open it). */
export const getWaybillLink = (packId: number) => api.call(contract.parcels.getInvoice, { pack_id: packId });
export const useWaybillLink = () => useMutation({ mutationFn: getWaybillLink });
