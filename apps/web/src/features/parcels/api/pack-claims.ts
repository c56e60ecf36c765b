import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** My insurance claims (newest first), for the pack screen. */
export const getPackClaims = () => api.call(contract.parcels.packClaimList, { page: 1, page_size: 100 }, { loading: false });
export const usePackClaims = (enabled: boolean) => useQuery({ queryKey: [...parcelKeys.all, 'claims'], queryFn: getPackClaims, enabled });

/** Claims for the loss of, or damage to, an insured pack. */
export const createPackClaim = (input: RequestInputOf<typeof contract.parcels.packClaimCreate>) =>
  api.call(contract.parcels.packClaimCreate, input);
export function useCreatePackClaim() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'claimInsurance' },
    mutationFn: createPackClaim,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
