import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

type EditCustomsInput = RequestInputOf<typeof contract.parcels.editCustoms>;
/** Fills in a parcel's customs line (English description and category) before it is packed. */
export const editCustoms = (input: EditCustomsInput) => api.call(contract.parcels.editCustoms, input);
export function useEditCustoms() {
  // lib/writes.ts says what it changes: the parcels' lists and details.
  return useMutation({ meta: { write: 'editCustoms' }, mutationFn: editCustoms });
}
