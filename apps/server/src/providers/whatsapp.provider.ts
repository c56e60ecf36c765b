import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { safeEqual } from './webhook-secrets.ts';

/** Inside WhatsApp's customer-service window free text may be sent; outside it only an approved template. */
export type WhatsappForm = 'template' | 'text';

export interface WhatsappMessage {
  /** E.164, e.g. +6581234567. */
  to: string;
  /** The notification kind: picks the approved template. */
  kind: string;
  language: 'en' | 'zh_CN';
  title: string;
  body: string;
  url: string | null;
  form: WhatsappForm;
}

/** A status WhatsApp reported for a message we sent (the outbox row's status moves on). */
export type WhatsappStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * Approved utility templates, per notification kind, as registered in WhatsApp Manager (one per language:
 * en and zh_CN). Each has a body with two parameters, {{1}} the title and {{2}} the text (with its link).
 * A kind not listed uses the general update template.
 */
export const whatsappTemplates: Record<string, { name: string; languages: Record<'en' | 'zh_CN', string> }> = {
  'parcel.arrived': { name: 'pinyou_parcel_arrived', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'parcel.problem': { name: 'pinyou_parcel_problem', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'parcel.claim': { name: 'pinyou_parcel_claim', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'parcel.storage': { name: 'pinyou_parcel_storage', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'bill.due': { name: 'pinyou_bill_due', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'group.pickup': { name: 'pinyou_group_pickup', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'mall.shipped': { name: 'pinyou_mall_shipped', languages: { en: 'en', zh_CN: 'zh_CN' } },
  'support.reply': { name: 'pinyou_support_reply', languages: { en: 'en', zh_CN: 'zh_CN' } },
  default: { name: 'pinyou_update', languages: { en: 'en', zh_CN: 'zh_CN' } },
};

const textOf = (m: WhatsappMessage) => (m.url ? `${m.body}\n${m.url}` : m.body);

/** The Cloud API's JSON body for one message (also what the sandbox records the form of). */
export function whatsappPayload(m: WhatsappMessage) {
  const to = m.to.replace(/^\+/, '');
  if (m.form === 'text')
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { preview_url: false, body: `*${m.title}*\n${textOf(m)}` },
    };
  const t = whatsappTemplates[m.kind] ?? whatsappTemplates.default;
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: t.name,
      language: { policy: 'deterministic', code: t.languages[m.language] },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: m.title },
            { type: 'text', text: textOf(m) },
          ],
        },
      ],
    },
  };
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export function whatsappSignature(appSecret: string, rawBody: string) {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyWhatsappSignature(appSecret: string, rawBody: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const want = Buffer.from(whatsappSignature(appSecret, rawBody).slice(7), 'hex');
  const got = Buffer.from(header.slice(7), 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** WhatsApp Business messages (Cloud API) for notifications, and the checks of its webhook. */
export interface WhatsappProvider {
  readonly name: string;
  /** Sends one message and records it in the outbox (with the provider's message id). */
  send(msg: WhatsappMessage): Promise<void>;
  /** The webhook's GET handshake: hub.verify_token must be ours. */
  verifyToken(token: unknown): boolean;
  /** The webhook's POST: X-Hub-Signature-256 over the raw body. */
  verifySignature(rawBody: string, header: unknown): boolean;
}

const RANK: Record<WhatsappStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };
/** Whether a reported status moves a row on: statuses arrive out of order and more than once. */
export const statusAdvances = (from: string, to: WhatsappStatus) => (RANK[to] ?? 0) > (RANK[from as WhatsappStatus] ?? 0);

/**
 * Moves the outbox row of a message we sent (by WhatsApp's message id) to a reported status, only forwards
 * (sent → delivered → read; failed ends it), so a late or repeated report changes nothing. True if it moved.
 */
export async function applyWhatsappStatus(db: Db, messageId: string, status: WhatsappStatus): Promise<boolean> {
  const lower = (Object.keys(RANK) as WhatsappStatus[]).filter((s) => statusAdvances(s, status));
  const moved = await db
    .update(outbox)
    .set({ status })
    .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.providerMessageId, messageId), inArray(outbox.status, [...lower, 'queued'])))
    .returning({ id: outbox.id });
  return moved.length > 0;
}

/**
 * The documented Cloud API:
 * POST https://graph.facebook.com/<version>/<PHONE_NUMBER_ID>/messages, Authorization: Bearer <token>,
 *      {messaging_product: 'whatsapp', to, type: 'template', template: {name, language: {code}, components}}
 *      or {..., type: 'text', text: {body}} → {messages: [{id: 'wamid...'}]} or {error: {code, message}}.
 * Free text outside the 24-hour window is refused with error 131047 (re-engagement): the template is sent then.
 */
export class WhatsappCloudClient implements WhatsappProvider {
  readonly name = 'whatsapp';
  constructor(
    private readonly db: Db,
    private readonly keys: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; version?: string },
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly base = 'https://graph.facebook.com',
  ) {}

  private async post(m: WhatsappMessage): Promise<{ id?: string; error?: { code?: number; message?: string } }> {
    const url = `${this.base}/${this.keys.version ?? 'v21.0'}/${encodeURIComponent(this.keys.phoneNumberId)}/messages`;
    const res = await this.fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.keys.token}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(5000),
      body: JSON.stringify(whatsappPayload(m)),
    });
    const body = (await res.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { code?: number; message?: string } };
    if (res.ok && body.messages?.[0]?.id) return { id: body.messages[0].id };
    return { error: body.error ?? { code: res.status, message: res.statusText } };
  }

  async send(msg: WhatsappMessage): Promise<void> {
    let m = msg;
    let r = await this.post(m);
    if (r.error?.code === 131047 && m.form === 'text') {
      m = { ...m, form: 'template' };
      r = await this.post(m);
    }
    await this.db.insert(outbox).values({
      channel: 'whatsapp',
      to: m.to,
      subject: m.title,
      body: textOf(m),
      provider: this.name,
      status: r.id ? 'sent' : 'failed',
      providerMessageId: r.id ?? null,
      form: m.form,
    });
    // A failure throws so the delivery job retries with back-off.
    if (!r.id) throw new Error(`whatsapp send: ${r.error?.code ?? ''} ${r.error?.message ?? ''}`.trim());
  }

  verifyToken(token: unknown) {
    return safeEqual(token, this.keys.verifyToken);
  }

  verifySignature(rawBody: string, header: unknown) {
    return verifyWhatsappSignature(this.keys.appSecret, rawBody, header);
  }
}

/** The sandbox's app secret and verify token when none are configured (tests sign webhooks with them). */
export const SANDBOX_WHATSAPP = { appSecret: 'pinyou-sandbox-whatsapp-secret', verifyToken: 'pinyou-sandbox-verify' };

/** Default with no keys: the outbox is the delivery (with the form used), read by staff in the console. */
export class SandboxWhatsapp implements WhatsappProvider {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly keys: { appSecret: string; verifyToken: string } = SANDBOX_WHATSAPP,
  ) {}
  async send(m: WhatsappMessage): Promise<void> {
    await this.db.insert(outbox).values({
      channel: 'whatsapp',
      to: m.to,
      subject: m.title,
      body: m.form === 'template' ? `[${(whatsappTemplates[m.kind] ?? whatsappTemplates.default).name}] ${textOf(m)}` : textOf(m),
      provider: this.name,
      status: 'sent',
      providerMessageId: `wamid.sandbox.${randomBytes(9).toString('base64url')}`,
      form: m.form,
    });
  }
  verifyToken(token: unknown) {
    return safeEqual(token, this.keys.verifyToken);
  }
  verifySignature(rawBody: string, header: unknown) {
    return verifyWhatsappSignature(this.keys.appSecret, rawBody, header);
  }
}
