import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

type Input = RequestInputOf<typeof contract.account.login>;
export const login = (input: Input) => api.call(contract.account.login, input, { loading: true });
export const useLogin = () => useMutation({ meta: { write: 'login' }, mutationFn: login });
