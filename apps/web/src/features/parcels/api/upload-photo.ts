import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** Uploads a photo (e.g. an invoice for a problem parcel) and answers its link. */
export const uploadPhoto = (file: File) => api.call(contract.account.uploadImage, { purpose: 'photo' }, { file });
export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
