import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

type Input = Omit<RequestInputOf<typeof contract.account.register>, 'register_token'>;

/** Fetches a fresh register token, then registers. */
export async function register(input: Input) {
  const { register_token } = await api.call(contract.account.getRegisterToken, {}, { loading: false });
  return api.call(contract.account.register, { ...input, register_token });
}
export const useRegister = () => useMutation({ meta: { write: 'register' }, mutationFn: register });
