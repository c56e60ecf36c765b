import { limits, type Language } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { sha256Hex, sixDigitCode } from '../../core/crypto.ts';
import type { Kv } from '../../core/kv.ts';
import type { MessagingProvider } from '../../providers/messaging.provider.ts';
import * as repo from './account.repository.ts';

export type Channel = 'sms' | 'email';
export type Purpose = 'register' | 'login' | 'reset' | 'bind';

const texts = {
  en: {
    subject: 'Your Pinyou verification code',
    body: (code: string, purpose: Purpose) =>
      `Your Pinyou ${purpose === 'register' ? 'registration' : purpose === 'reset' ? 'password reset' : purpose === 'bind' ? 'binding' : 'login'} code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
  },
  zh_CN: {
    subject: '拼邮验证码',
    body: (code: string, purpose: Purpose) =>
      `您的拼邮${purpose === 'register' ? '注册' : purpose === 'reset' ? '重置密码' : purpose === 'bind' ? '绑定' : '登录'}验证码为 ${code}，10分钟内有效。请勿泄露给他人。`,
  },
};

const hashOf = (target: string, purpose: Purpose, code: string) => sha256Hex(`${target}|${purpose}|${code}`);

/**
 * Six-digit codes: valid 10 minutes, single use, at most 5 checks, a new one only after 60 s,
 * and at most a few an hour per phone/e-mail and per client IP.
 */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly kv: Kv,
    private readonly messaging: MessagingProvider,
  ) {}

  async send(channel: Channel, target: string, purpose: Purpose, ip: string, lang: Language) {
    const latest = await repo.findLatestCode(this.db, target, purpose);
    const sinceLatest = latest ? (Date.now() - latest.createdAt.getTime()) / 1000 : Infinity;
    if (sinceLatest < limits.codeResendSeconds) {
      throw new DomainError('CODE_RESEND_TOO_SOON', { seconds: Math.ceil(limits.codeResendSeconds - sinceLatest) });
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    const [byTarget, byIp] = await Promise.all([
      repo.countCodesSince(this.db, { target }, hourAgo),
      repo.countCodesSince(this.db, { ip }, hourAgo),
    ]);
    if (byTarget >= limits.codeHourlyCapPerTarget || byIp >= limits.codeHourlyCapPerIp) throw new DomainError('CODE_HOURLY_CAP');
    // The database check above is the rule; this gate makes two simultaneous requests send one code.
    const gate = `codegate:${target}:${purpose}`;
    if (!(await this.kv.setIfAbsent(gate, limits.codeResendSeconds))) {
      throw new DomainError('CODE_RESEND_TOO_SOON', { seconds: limits.codeResendSeconds });
    }

    const code = sixDigitCode();
    const codeId = await repo.insertCode(this.db, {
      channel,
      target,
      purpose,
      codeHash: hashOf(target, purpose, code),
      ip,
      expiresAt: new Date(Date.now() + limits.codeTtlSeconds * 1000),
    });
    const t = texts[lang];
    try {
      await this.messaging.send({ channel, to: target, subject: channel === 'email' ? t.subject : '', body: t.body(code, purpose) });
    } catch {
      // A code nobody received must not count against the caps or hold back a retry.
      await repo.deleteCode(this.db, codeId);
      await this.kv.delete(gate);
      throw new DomainError('MESSAGE_NOT_SENT');
    }
    return { resend_after: limits.codeResendSeconds, expires_in: limits.codeTtlSeconds };
  }

  /** Checks and uses up a code. Throws CODE_* errors; returns only when the code is right and now spent. */
  async consume(target: string, purpose: Purpose, code: string): Promise<void> {
    const row = await repo.findLatestCode(this.db, target, purpose);
    if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw new DomainError('CODE_EXPIRED');
    if (row.attempts >= limits.codeMaxChecks) throw new DomainError('CODE_TOO_MANY_TRIES');
    if (row.codeHash !== hashOf(target, purpose, code)) {
      const attempts = await repo.addCodeAttempt(this.db, row.id);
      throw new DomainError(attempts >= limits.codeMaxChecks ? 'CODE_TOO_MANY_TRIES' : 'CODE_INVALID');
    }
    if (!(await repo.consumeCode(this.db, row.id))) throw new DomainError('CODE_EXPIRED');
  }
}
