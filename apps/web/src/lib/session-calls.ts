import { contract } from '@pinyou/contract';
import { api } from './api.ts';

/** The session's calls; non-zero codes are silent (spec §7). Loaded by session.ts when a call is made. */
export const fetchAuthInfo = () => api.call(contract.account.authInfo, {}, { silent: true, loading: false });

export const fetchSystemSetting = () => api.call(contract.account.getSystemSetting, {}, { silent: true, loading: false });
