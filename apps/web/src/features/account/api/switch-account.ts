import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storeLogin } from '../../../lib/session.ts';

export async function switchAccount(userId: number) {
  const res = await api.call(contract.account.loginMoreAccountByH5, { user_id: userId });
  await storeLogin(res);
  return res;
}
export const useSwitchAccount = () => useMutation({ meta: { write: 'switchAccount' }, mutationFn: switchAccount });
