import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { deviceAccounts } from '../device-accounts.ts';

export const linkedAccountsKey = ['linkedAccounts'] as const;

/**
 * "Accounts on this device": the accounts linked to the current one (the server's one-way list) and the
 * accounts whose session this device holds (e.g. the one the customer switched from).
 */
export async function getLinkedAccounts() {
  const res = await api.call(contract.account.getMoreAccountByH5, {}, { loading: false });
  const listed = new Set(res.list.map((a) => a.user_id));
  const held = deviceAccounts()
    .filter((a) => !listed.has(a.user_id))
    .map((a) => ({
      user_id: a.user_id,
      user_account: a.user_account,
      nickname: a.nickname,
      avatar: a.avatar,
      role: a.role as (typeof res.list)[number]['role'],
      current: false,
    }));
  return { ...res, list: [...res.list, ...held] };
}
export const useLinkedAccounts = () => useQuery({ queryKey: linkedAccountsKey, queryFn: getLinkedAccounts });
