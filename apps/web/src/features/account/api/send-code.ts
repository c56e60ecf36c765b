import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export type CodePurpose = 'register' | 'login' | 'reset' | 'bind';

/** Texts or e-mails a code, by what the target looks like. */
export function sendCode(target: string, purpose: CodePurpose) {
  return target.includes('@')
    ? api.call(contract.account.h5SendEmailCode, { email: target, purpose })
    : api.call(contract.account.h5SendCode, { phone: target, purpose });
}

/** For CodeField's send: the seconds to wait before another code (the client has shown any failure). */
export const sendCodeFor = (target: () => string, purpose: CodePurpose) => async () => (await sendCode(target(), purpose)).resend_after;
