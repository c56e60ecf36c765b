import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Uploads a filled template (xlsx or csv); every row comes back declared or failed with its reason. */
export const uploadBatch = (file: Blob & { name?: string }) => api.call(contract.parcels.batchCreateOrder, {}, { file });
export function useUploadBatch() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'batchDeclare' },
    mutationFn: uploadBatch,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
export const BATCH_TEMPLATE_URL = '/api/files/batch-template.xlsx';
