import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const applyInvoice = (input: RequestInputOf<typeof contract.parcels.applyInvoice>) => api.call(contract.parcels.applyInvoice, input);
export const useApplyInvoice = () => useMutation({ meta: { write: 'applyInvoice' }, mutationFn: applyInvoice });
