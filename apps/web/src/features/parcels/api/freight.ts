import { useMutation, useQuery } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export type FreightInput = RequestInputOf<typeof contract.parcels.getFreight>;
export const getFreight = (input: FreightInput, quiet = false) =>
  api.call(contract.parcels.getFreight, input, quiet ? { silent: true, loading: false } : {});
/** A quote on demand (the calculator and the packing estimate). */
export const useFreight = (quiet = false) => useMutation({ mutationFn: (input: FreightInput) => getFreight(input, quiet) });

/** A quote that follows its inputs (the packing estimate); quiet: an incomplete input just shows no estimate. */
export const useFreightQuote = (input: FreightInput | null) =>
  useQuery({
    queryKey: ['parcels', 'freight', JSON.stringify(input)],
    queryFn: () => getFreight(input!, true),
    enabled: !!input,
    retry: false,
  });
