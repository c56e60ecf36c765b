import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const bookDoor = (input: RequestInputOf<typeof contract.parcels.bookDoorService>) =>
  api.call(contract.parcels.bookDoorService, input);
export function useBookDoor() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'bookDoor' },
    mutationFn: bookDoor,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.door }),
  });
}
