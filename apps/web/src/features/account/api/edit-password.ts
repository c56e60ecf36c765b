import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const editPassword = (input: RequestInputOf<typeof contract.account.editPasswd>) => api.call(contract.account.editPasswd, input);
export const useEditPassword = () => useMutation({ mutationFn: editPassword });
