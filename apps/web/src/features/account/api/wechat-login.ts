import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { storeLogin } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';

// The consent given before leaving for WeChat's OAuth page, read back when WeChat returns (this tab only).
const CONSENT_KEY = 'pinyou.wechat-terms-consent';
export const rememberWechatConsent = () => sessionStorage.setItem(CONSENT_KEY, '1');

/** WeChat login with a code (from WeChat's OAuth redirect, or a sandbox user name); a first login signs up. */
export async function wechatLogin(code: string, agreed = false) {
  const referrer = storage.get<number>(StorageKey.REFERRER_ID) ?? undefined;
  const agree_terms = agreed || sessionStorage.getItem(CONSENT_KEY) === '1';
  sessionStorage.removeItem(CONSENT_KEY);
  const res = await api.call(contract.account.appletLogin, { code, referrer_id: referrer, agree_terms }, { loading: false });
  await storeLogin(res);
  return res;
}
export const useWechatLogin = () => useMutation({ mutationFn: (code: string) => wechatLogin(code, true) });

export const WECHAT_STATE = 'wxlogin';

/** WeChat official-account OAuth (snsapi_userinfo); WeChat redirects back with ?code=...&state=wxlogin. */
export function wechatAuthorizeUrl(appId: string, origin: string) {
  const back = `${origin}/?${WECHAT_STATE}=1#/${paths.infoEdit}?isLogin=1`;
  const q = new URLSearchParams({ appid: appId, redirect_uri: back, response_type: 'code', scope: 'snsapi_userinfo', state: WECHAT_STATE });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
}

/** The code WeChat's redirect left in the address bar, removed so a reload does not reuse it. */
export function takeWechatRedirectCode(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  if (!code || url.searchParams.get('state') !== WECHAT_STATE) return null;
  for (const k of ['code', 'state', WECHAT_STATE]) url.searchParams.delete(k);
  window.history.replaceState(window.history.state, '', url.toString());
  return code;
}
