import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PayNow incoming-credit notifications from the collecting bank (e.g. DBS RAPID "Inward Credit
 * Notification"): the bank posts each credit to our account; we verify it came from the bank and credit
 * the top-up whose reference the customer paid with. Staff confirmation stays as the fallback.
 *
 * Wire format handled here: JSON body `{ header: { msgId, timeStamp }, txnInfo: { txnType, txnRefId,
 * txnCcy, txnAmount, customerReference, valueDt } }`, signed with HMAC-SHA256 over
 * `<x-timestamp>.<raw body>` (hex in `x-signature`) with the secret agreed at onboarding. NOTE: the field
 * names follow the bank's published ICN sample as we understood it and were not checked against a live
 * bank onboarding pack; adjust `parseNotice` when onboarding.
 */
export interface PaynowCreditNotice {
  /** The bank's id of this credit: duplicates of one notice carry the same id. */
  eventId: string;
  /** What the payer's bank app carried as the reference: our top-up order number. */
  reference: string;
  amountMinor: number;
  currency: string;
}

export type NoticeVerdict = { ok: true; notice: PaynowCreditNotice } | { ok: false; reason: string };

export interface BankNotifyProvider {
  readonly name: string;
  verify(headers: Record<string, unknown>, rawBody: string, now?: Date): NoticeVerdict;
}

const MAX_SKEW_MS = 5 * 60_000;

export function signBankNotice(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** "12.30" → 1230; anything but a plain positive amount with at most two decimals is refused. */
export function amountToMinor(v: unknown): number | null {
  const s = typeof v === 'number' ? v.toFixed(2) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

function parseNotice(body: unknown): PaynowCreditNotice | string {
  const b = body as { header?: { msgId?: unknown }; txnInfo?: Record<string, unknown> } | null;
  const t = b?.txnInfo;
  if (!t) return 'no txnInfo';
  if (String(t.txnType ?? '').toUpperCase() !== 'INCOMING CREDIT') return `not a credit: ${String(t.txnType)}`;
  const amountMinor = amountToMinor(t.txnAmount);
  if (amountMinor === null || amountMinor <= 0) return 'bad amount';
  const eventId = String(t.txnRefId ?? b?.header?.msgId ?? '');
  const reference = String(t.customerReference ?? '')
    .trim()
    .toUpperCase();
  if (!eventId || !reference) return 'missing id or reference';
  return { eventId, reference, amountMinor, currency: String(t.txnCcy ?? '') };
}

/** The real client: the bank's signed webhook, verified with the onboarding secret. */
export class HmacBankNotifyProvider implements BankNotifyProvider {
  constructor(
    readonly name: string,
    private secret: string,
  ) {}

  verify(headers: Record<string, unknown>, rawBody: string, now = new Date()): NoticeVerdict {
    const ts = String(headers['x-timestamp'] ?? '');
    const sig = String(headers['x-signature'] ?? '');
    const at = Date.parse(ts);
    if (!ts || Number.isNaN(at)) return { ok: false, reason: 'no timestamp' };
    if (Math.abs(now.getTime() - at) > MAX_SKEW_MS) return { ok: false, reason: 'stale timestamp' };
    const expected = Buffer.from(signBankNotice(this.secret, ts, rawBody), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/i.test(sig) ? sig : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
    const n = parseNotice(body);
    return typeof n === 'string' ? { ok: false, reason: n } : { ok: true, notice: n };
  }
}

/**
 * The sandbox bank (default without keys): the same verification with a development secret, plus
 * `notice()` to make the signed notification the bank would send, so dev and tests travel the real path.
 */
export class SandboxBankNotifyProvider extends HmacBankNotifyProvider {
  static readonly SECRET = 'pinyou-sandbox-bank-notify-secret';
  constructor() {
    super('sandbox-bank', SandboxBankNotifyProvider.SECRET);
  }

  notice(input: { reference: string; amount: string; currency?: string; eventId?: string }, now = new Date()) {
    const body = JSON.stringify({
      header: { msgId: `SBX${now.getTime()}`, timeStamp: now.toISOString() },
      txnInfo: {
        txnType: 'INCOMING CREDIT',
        txnRefId: input.eventId ?? `SBX-${input.reference}-${now.getTime()}`,
        txnCcy: input.currency ?? 'SGD',
        txnAmount: input.amount,
        customerReference: input.reference,
        valueDt: now.toISOString().slice(0, 10),
      },
    });
    const ts = now.toISOString();
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-signature': signBankNotice(SandboxBankNotifyProvider.SECRET, ts, body),
      },
    };
  }
}
