import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { outbox } from '../db/schema.ts';
import {
  applyWhatsappStatus,
  SandboxWhatsapp,
  verifyWhatsappSignature,
  WhatsappCloudClient,
  whatsappSignature,
  type WhatsappMessage,
} from './whatsapp.provider.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 60_000);
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(outbox);
});

/** Graph API's side: answers like graph.facebook.com (an error for one number, 131047 for free text to another). */
function graph() {
  const calls: { url: string; headers: Record<string, string>; body: any }[] = [];
  let n = 0;
  const fetchImpl = (async (input: URL | string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(input), headers: init?.headers as Record<string, string>, body });
    const json = (o: unknown, status = 200) => new Response(JSON.stringify(o), { status, headers: { 'content-type': 'application/json' } });
    if (body.to === '6590000000')
      return json({ error: { message: 'Recipient not on WhatsApp', type: 'OAuthException', code: 131026 } }, 400);
    if (body.to === '6591111111' && body.type === 'text')
      return json({ error: { message: 'Re-engagement message', type: 'OAuthException', code: 131047 } }, 400);
    return json({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.T${++n}` }] });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const keys = { token: 'EAAG-token', phoneNumberId: '1098765', appSecret: 'app-secret', verifyToken: 'verify-me', version: 'v21.0' };
const msg = (over: Partial<WhatsappMessage> = {}): WhatsappMessage => ({
  to: '+6581234567',
  kind: 'parcel.arrived',
  language: 'zh_CN',
  title: '包裹到了',
  body: 'SF1 已入库',
  url: 'https://pinyou.sg/#/pages/order/all',
  form: 'template',
  ...over,
});

describe('WhatsApp Cloud API client', () => {
  it('sends the approved template outside the window: exact URL, headers and body', async () => {
    const g = graph();
    const client = new WhatsappCloudClient(database.db, keys, g.fetchImpl, 'https://graph.example.test');
    await client.send(msg());
    expect(g.calls).toHaveLength(1);
    expect(g.calls[0].url).toBe('https://graph.example.test/v21.0/1098765/messages');
    expect(g.calls[0].headers).toEqual({ authorization: 'Bearer EAAG-token', 'content-type': 'application/json' });
    expect(g.calls[0].body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '6581234567',
      type: 'template',
      template: {
        name: 'pinyou_parcel_arrived',
        language: { policy: 'deterministic', code: 'zh_CN' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '包裹到了' },
              { type: 'text', text: 'SF1 已入库\nhttps://pinyou.sg/#/pages/order/all' },
            ],
          },
        ],
      },
    });
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ channel: 'whatsapp', to: '+6581234567', provider: 'whatsapp', status: 'sent', form: 'template' });
    expect(row.providerMessageId).toBe('wamid.T1');
  });

  it('sends free text inside the window, English templates by language, the general template for other kinds', async () => {
    const g = graph();
    const client = new WhatsappCloudClient(database.db, keys, g.fetchImpl, 'https://graph.example.test');
    await client.send(msg({ form: 'text', language: 'en', title: 'Arrived', body: 'SF1 is in', url: null }));
    expect(g.calls[0].body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '6581234567',
      type: 'text',
      text: { preview_url: false, body: '*Arrived*\nSF1 is in' },
    });
    await client.send(msg({ kind: 'welcome', language: 'en' }));
    expect(g.calls[1].body.template.name).toBe('pinyou_update');
    expect(g.calls[1].body.template.language.code).toBe('en');
    const rows = await database.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => r.form)).toEqual(['text', 'template']);
  });

  it('falls back to the template when WhatsApp says the window is closed (131047); a refusal throws and is recorded failed', async () => {
    const g = graph();
    const client = new WhatsappCloudClient(database.db, keys, g.fetchImpl, 'https://graph.example.test');
    await client.send(msg({ to: '+6591111111', form: 'text' }));
    expect(g.calls.map((c) => c.body.type)).toEqual(['text', 'template']);
    await expect(client.send(msg({ to: '+6590000000' }))).rejects.toThrow(/131026/);
    const rows = await database.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.to, r.status, r.form])).toEqual([
      ['+6591111111', 'sent', 'template'],
      ['+6590000000', 'failed', 'template'],
    ]);
  });

  it('moves an outbox row only forwards by reported status', async () => {
    const sandbox = new SandboxWhatsapp(database.db);
    await sandbox.send(msg());
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ provider: 'sandbox', status: 'sent', form: 'template' });
    const id = row.providerMessageId!;
    expect(await applyWhatsappStatus(database.db, id, 'read')).toBe(true);
    expect(await applyWhatsappStatus(database.db, id, 'delivered')).toBe(false); // late
    expect(await applyWhatsappStatus(database.db, id, 'read')).toBe(false); // repeated
    expect(await applyWhatsappStatus(database.db, 'wamid.unknown', 'read')).toBe(false);
    const [after] = await database.db.select().from(outbox);
    expect(after.status).toBe('read');
  });
});

describe('WhatsApp webhook checks', () => {
  it('verifies X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret)', () => {
    // RFC-style known vector: HMAC-SHA256(key "key", "The quick brown fox jumps over the lazy dog").
    const known = 'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';
    expect(whatsappSignature('key', 'The quick brown fox jumps over the lazy dog')).toBe(known);
    expect(verifyWhatsappSignature('key', 'The quick brown fox jumps over the lazy dog', known)).toBe(true);
    expect(
      verifyWhatsappSignature('key', 'The quick brown fox jumps over the lazy dog', known.toUpperCase().replace('SHA256', 'sha256')),
    ).toBe(true);
    const raw = '{"object":"whatsapp_business_account","entry":[]}';
    const header = `sha256=${createHmac('sha256', keys.appSecret).update(raw).digest('hex')}`;
    const client = new WhatsappCloudClient(database.db, keys);
    expect(client.verifySignature(raw, header)).toBe(true);
    expect(client.verifySignature(`${raw} `, header)).toBe(false); // one byte more
    expect(client.verifySignature(raw, header.replace('sha256=', 'sha1='))).toBe(false);
    expect(client.verifySignature(raw, undefined)).toBe(false);
    expect(client.verifySignature(raw, 'sha256=zz')).toBe(false);
    expect(client.verifyToken('verify-me')).toBe(true);
    expect(client.verifyToken('verify-you')).toBe(false);
    expect(client.verifyToken(undefined)).toBe(false);
  });
});
