import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { storeLogin } from '../../../lib/session.ts';

/** WeChat login with a code (from WeChat's OAuth redirect, or a sandbox user name). */
export async function wechatLogin(code: string) {
  const referrer = storage.get<number>(StorageKey.REFERRER_ID) ?? undefined;
  const res = await api.call(contract.account.appletLogin, { code, referrer_id: referrer }, { loading: false });
  await storeLogin(res);
  return res;
}
export const useWechatLogin = () => useMutation({ mutationFn: wechatLogin });
