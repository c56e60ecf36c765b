import { describe, expect, it } from 'vitest';
import { amountToMinor, HmacBankNotifyProvider, SandboxBankNotifyProvider, signBankNotice } from './bank-notify.provider.ts';

describe('PayNow bank notifications: signature and amount', () => {
  const sandbox = new SandboxBankNotifyProvider();
  const now = new Date('2026-11-23T10:00:00Z');

  it('accepts a notice signed with the secret and reads reference, amount and id', () => {
    const n = sandbox.notice({ reference: 'r2611231000001a2b3c', amount: '45.50', eventId: 'EVT1' }, now);
    const v = sandbox.verify(n.headers, n.body, now);
    expect(v).toEqual({ ok: true, notice: { eventId: 'EVT1', reference: 'R2611231000001A2B3C', amountMinor: 4550, currency: 'SGD' } });
  });

  it('refuses a changed body, another secret, a missing or stale timestamp', () => {
    const n = sandbox.notice({ reference: 'R1', amount: '10.00' }, now);
    expect(sandbox.verify(n.headers, n.body.replace('10.00', '99.00'), now)).toMatchObject({ ok: false, reason: 'bad signature' });
    const other = new HmacBankNotifyProvider('dbs-rapid', 'another-secret-of-sixteen');
    expect(other.verify(n.headers, n.body, now)).toMatchObject({ ok: false, reason: 'bad signature' });
    expect(sandbox.verify({ ...n.headers, 'x-timestamp': '' }, n.body, now)).toMatchObject({ ok: false });
    expect(sandbox.verify(n.headers, n.body, new Date(now.getTime() + 6 * 60_000))).toMatchObject({ ok: false, reason: 'stale timestamp' });
    expect(sandbox.verify({ ...n.headers, 'x-signature': 'zz' }, n.body, now)).toMatchObject({ ok: false, reason: 'bad signature' });
  });

  it('refuses a signed notice that is not an incoming credit or has no usable amount', () => {
    const ts = now.toISOString();
    const signed = (body: object) => {
      const raw = JSON.stringify(body);
      return sandbox.verify({ 'x-timestamp': ts, 'x-signature': signBankNotice(SandboxBankNotifyProvider.SECRET, ts, raw) }, raw, now);
    };
    expect(signed({ txnInfo: { txnType: 'OUTGOING DEBIT', txnRefId: 'E', txnAmount: '1.00', customerReference: 'R' } })).toMatchObject({
      ok: false,
    });
    expect(signed({ txnInfo: { txnType: 'INCOMING CREDIT', txnRefId: 'E', txnAmount: '-1.00', customerReference: 'R' } })).toMatchObject({
      ok: false,
      reason: 'bad amount',
    });
    expect(signed({ txnInfo: { txnType: 'INCOMING CREDIT', txnRefId: 'E', txnAmount: '1.00' } })).toMatchObject({ ok: false });
  });

  it('turns amounts into minor units exactly', () => {
    expect(amountToMinor('12.3')).toBe(1230);
    expect(amountToMinor('0.07')).toBe(7);
    expect(amountToMinor(20)).toBe(2000);
    expect(amountToMinor('1.234')).toBeNull();
    expect(amountToMinor('1e3')).toBeNull();
  });
});
