import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { MessagingProvider, OutgoingMessage } from '../../providers/messaging.provider.ts';

/** A provider that fails while `down` is set, as a real SMS gateway sometimes does. */
class FlakyMessaging implements MessagingProvider {
  readonly name = 'flaky';
  down = false;
  sent: OutgoingMessage[] = [];
  async send(msg: OutgoingMessage) {
    if (this.down) throw new Error('gateway unavailable');
    this.sent.push(msg);
  }
}

const messaging = new FlakyMessaging();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { messaging } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  messaging.down = false;
  messaging.sent = [];
});

describe('verification codes when delivery fails', () => {
  it('an undelivered code neither counts nor holds back the retry', async () => {
    messaging.down = true;
    const failed = await t.call(contract.account.h5SendCode, { phone: '81112222', purpose: 'register' });
    expect(failed.code).toBe(Code.MESSAGE_NOT_SENT);
    expect(failed.msg).toBe('The code could not be sent, please try again');
    messaging.down = false;
    const retry = await t.call(contract.account.h5SendCode, { phone: '81112222', purpose: 'register' });
    expect(retry.code).toBe(0);
    expect(messaging.sent).toHaveLength(1);
  });

  it('a request refused by the hourly cap does not start the 60 s wait', async () => {
    // Five codes to five phones from one IP, then the IP cap (20) is far; use the per-phone cap instead:
    const { verificationCodes } = await import('./account.schema.ts');
    const old = new Date(Date.now() - 120_000);
    await t.database.db.insert(verificationCodes).values(
      Array.from({ length: 5 }, () => ({
        channel: 'sms',
        target: '83334444',
        purpose: 'login',
        codeHash: 'x',
        ip: '9.9.9.9',
        createdAt: old,
        expiresAt: old,
      })),
    );
    const capped = await t.call(contract.account.h5SendCode, { phone: '83334444', purpose: 'register' });
    expect(capped.code).toBe(Code.CODE_HOURLY_CAP);
    expect(await t.kv.setIfAbsent('codegate:83334444:register', 60)).toBe(true);
  });
});
