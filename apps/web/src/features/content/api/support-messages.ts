import { contract, SUPPORT_WAIT_MAX_S } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** New messages after `afterId`; with `wait`, the server holds the call until staff write (a long poll). */
export const supportMessages = (afterId: number, wait = false) =>
  api.call(
    contract.content.supportMessages,
    { after_id: afterId, ...(wait ? { wait_s: SUPPORT_WAIT_MAX_S } : {}) },
    { loading: false, silent: wait, ...(wait ? { timeoutMs: (SUPPORT_WAIT_MAX_S + 10) * 1000 } : {}) },
  );
