import { useMutation } from '@tanstack/react-query';
import { contract, type Role } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storeLogin } from '../../../lib/session.ts';

export async function switchRole(role: Role) {
  const res = await api.call(contract.account.switchLogin, { role });
  await storeLogin(res);
  return res;
}
export const useSwitchRole = () => useMutation({ meta: { write: 'switchRole' }, mutationFn: switchRole });
