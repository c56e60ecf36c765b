import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const uploadImage = ({ file, purpose }: { file: File; purpose: 'avatar' | 'voucher' | 'photo' }) =>
  api.call(contract.account.uploadImage, { purpose }, { file });
export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
