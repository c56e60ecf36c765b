import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const cancelDoor = (id: number) => api.call(contract.parcels.cancelDoorService, { id });
export function useCancelDoor() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'cancelDoor' },
    mutationFn: cancelDoor,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.door }),
  });
}
