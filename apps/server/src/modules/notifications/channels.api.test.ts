import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contract } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { notificationChannelLinks, notificationSettings, outbox, users } from '../../db/schema.ts';
import { SANDBOX_WHATSAPP } from '../../providers/whatsapp.provider.ts';
import { SANDBOX_TELEGRAM } from '../../providers/telegram.provider.ts';
import { createWalletTestApp, makeUser } from '../wallet/wallet.test-helpers.ts';

const P = contract.platform;
let t: TestApp;

beforeAll(async () => {
  t = await createWalletTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const WA = '/api/notify/whatsapp/webhook';
const TG = '/api/notify/telegram/webhook';

async function userWithPhone(phone: string | null, language: 'en' | 'zh_CN' = 'en') {
  const u = await makeUser(t);
  await t.services.db.update(users).set({ phone, language }).where(eq(users.id, u.id));
  return u;
}
const row = (settings: { data: { list: Record<string, unknown>[] } }, kind = 'parcel.arrived') =>
  settings.data.list.find((s) => s.kind === kind)!;
const save = (token: string, extra: Record<string, boolean>, kind = 'parcel.arrived') =>
  t.call(P.saveNotificationSettings, { list: [{ kind, sms: false, email: false, wechat: false, ...extra }] }, { token });
const notify = (userId: number, key: string) =>
  t.services.db.transaction((tx) =>
    t.services.notifications.notify(tx, {
      userId,
      kind: 'parcel.arrived',
      title: { en: 'Arrived', zh_CN: '到了' },
      body: { en: `Parcel ${key} is in`, zh_CN: `包裹 ${key} 已入库` },
      link: 'pages/order/all',
      dedupeKey: key,
    }),
  );
const outboxOf = async (channel: string) => t.services.db.select().from(outbox).where(eq(outbox.channel, channel)).orderBy(outbox.id);

/** What Meta posts: signed with the app secret over the exact bytes. */
function waPost(body: unknown, secret = SANDBOX_WHATSAPP.appSecret) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const sig = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
  return t.app.inject({ method: 'POST', url: WA, payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig } });
}
const waValue = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] }],
});
const inbound = (from: string, text: string, at = Math.floor(Date.now() / 1000)) =>
  waValue({
    contacts: [{ wa_id: from }],
    messages: [{ from, id: `wamid.in.${at}.${text}`, timestamp: String(at), type: 'text', text: { body: text } }],
  });
const tgPost = (text: string, chatId: number, secret: string | null = SANDBOX_TELEGRAM.webhookSecret) =>
  t.app.inject({
    method: 'POST',
    url: TG,
    payload: {
      update_id: Math.floor(Math.random() * 1e9),
      message: { message_id: 1, date: 1, chat: { id: chatId, type: 'private' }, text },
    },
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
  });

describe('WhatsApp opt-in', () => {
  it('needs a verified phone, is kept per user, and refuses the channel until opted in (en + zh)', async () => {
    const noPhone = await userWithPhone(null);
    const refused = await t.call(P.whatsappOptIn, { on: 1 }, { token: noPhone.token });
    expect(refused.code).toBe(652);

    const a = await userWithPhone('81234567');
    const b = await userWithPhone('91234567');
    const off = await save(a.token, { whatsapp: true });
    expect(off.code).toBe(650);
    expect(off.msg).toMatch(/Turn on WhatsApp updates first/);
    const zh = await t.call(
      P.saveNotificationSettings,
      { list: [{ kind: 'bill.due', sms: 1, email: 0, wechat: 0, telegram: 1 }] },
      {
        token: a.token,
        lang: 'zh_CN',
      },
    );
    expect(zh.code).toBe(651);
    expect(zh.msg).toMatch(/请先连接 Telegram/);
    // Nothing was saved by the refused calls.
    expect(await t.services.db.select().from(notificationSettings).where(eq(notificationSettings.userId, a.id))).toHaveLength(0);

    const before = await t.call(P.notificationChannelState, {}, { token: a.token });
    expect(before.data.whatsapp).toEqual({ opted_in: false, phone: '+6581234567', opted_in_at: null });
    const on = await t.call(P.whatsappOptIn, { on: 1 }, { token: a.token });
    expect(on.code, on.msg).toBe(0);
    expect(on.data.whatsapp).toMatchObject({ opted_in: true, phone: '+6581234567' });
    expect(on.data.whatsapp.opted_in_at).toBeTruthy();
    const saved = await save(a.token, { whatsapp: true, sms: true });
    expect(saved.code, saved.msg).toBe(0);
    expect(row(saved)).toMatchObject({ sms: true, whatsapp: true, telegram: false });
    // An older client leaving the new channels out keeps them.
    const keep = await t.call(
      P.saveNotificationSettings,
      { list: [{ kind: 'parcel.arrived', sms: false, email: false, wechat: true }] },
      { token: a.token },
    );
    expect(row(keep)).toMatchObject({ sms: false, wechat: true, whatsapp: true });

    // The other user is untouched.
    expect((await t.call(P.notificationChannelState, {}, { token: b.token })).data.whatsapp.opted_in).toBe(false);
    expect(row(await t.call(P.notificationSettings, {}, { token: b.token })).whatsapp).toBe(false);

    // Opting out in the app turns WhatsApp off for every kind.
    const out = await t.call(P.whatsappOptIn, { on: 0 }, { token: a.token });
    expect(out.data.whatsapp.opted_in).toBe(false);
    expect(row(await t.call(P.notificationSettings, {}, { token: a.token })).whatsapp).toBe(false);
    expect((await save(a.token, { whatsapp: true })).code).toBe(650);
  });
});

describe('WhatsApp deliveries and webhook', () => {
  it('sends the template outside the window and text inside it; statuses move the outbox row; STOP opts out', async () => {
    const a = await userWithPhone('81234567');
    const b = await userWithPhone('91234567');
    for (const u of [a, b]) {
      await t.call(P.whatsappOptIn, { on: 1 }, { token: u.token });
      await save(u.token, { whatsapp: true });
    }
    await notify(a.id, 'SF1');
    await t.jobs.runDue();
    const [first] = await outboxOf('whatsapp');
    expect(first).toMatchObject({ to: '+6581234567', provider: 'sandbox', form: 'template', status: 'sent', subject: 'Arrived' });
    expect(first.body).toContain('Parcel SF1 is in');

    // The user writes to us: the 24-hour window opens, so the next one is free text.
    expect((await waPost(inbound('6581234567', 'hi'))).json()).toEqual({ ok: true, statuses: 0, messages: 1 });
    await notify(a.id, 'SF2');
    await t.jobs.runDue();
    expect((await outboxOf('whatsapp')).map((r) => [r.to, r.form])).toEqual([
      ['+6581234567', 'template'],
      ['+6581234567', 'text'],
    ]);

    // Status reports: delivered then read; a late "delivered" and a repeat change nothing.
    const status = (s: string) =>
      waValue({ statuses: [{ id: first.providerMessageId, status: s, timestamp: '1', recipient_id: '6581234567' }] });
    expect((await waPost(status('delivered'))).json()).toMatchObject({ ok: true, statuses: 1 });
    expect((await waPost(status('read'))).json()).toMatchObject({ statuses: 1 });
    expect((await waPost(status('delivered'))).json()).toMatchObject({ statuses: 0 });
    expect((await waPost(status('read'))).json()).toMatchObject({ statuses: 0 });
    expect((await outboxOf('whatsapp'))[0].status).toBe('read');

    // STOP from a's number opts a out (every kind off); b keeps WhatsApp.
    await waPost(inbound('6581234567', 'STOP'));
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.whatsapp.opted_in).toBe(false);
    expect(row(await t.call(P.notificationSettings, {}, { token: a.token })).whatsapp).toBe(false);
    expect((await t.call(P.notificationChannelState, {}, { token: b.token })).data.whatsapp.opted_in).toBe(true);
    expect(row(await t.call(P.notificationSettings, {}, { token: b.token })).whatsapp).toBe(true);
    await notify(a.id, 'SF3');
    await notify(b.id, 'SF4');
    await t.jobs.runDue();
    expect((await outboxOf('whatsapp')).slice(2).map((r) => r.to)).toEqual(['+6591234567']);
  });

  it('answers the subscription handshake only with our verify token', async () => {
    const q = (token: string, mode = 'subscribe') =>
      t.app.inject({ method: 'GET', url: `${WA}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444` });
    const ok = await q(SANDBOX_WHATSAPP.verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await q('guess');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ ok: false, code: 'VERIFY_TOKEN_INVALID' });
    expect((await q(SANDBOX_WHATSAPP.verifyToken, 'unsubscribe')).statusCode).toBe(403);
  });

  it('refuses a bad signature with a code and changes nothing; signed junk is answered without a 5xx', async () => {
    const a = await userWithPhone('81234567');
    await t.call(P.whatsappOptIn, { on: 1 }, { token: a.token });
    const forged = await waPost(inbound('6581234567', 'STOP'), 'not-the-app-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ ok: false, code: 'SIGNATURE_INVALID' });
    const unsigned = await t.app.inject({ method: 'POST', url: WA, payload: inbound('6581234567', 'STOP') });
    expect(unsigned.statusCode).toBe(401);
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.whatsapp.opted_in).toBe(true);

    for (const junk of ['not json', '[]', '{"entry":"x"}', JSON.stringify(waValue({ messages: [{ from: 'x' }], statuses: [{ id: 5 }] }))]) {
      const res = await waPost(junk);
      expect(res.statusCode, junk).toBe(200);
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: WA,
      payload: 'x=1',
      headers: { 'content-type': 'text/plain', 'x-hub-signature-256': 'sha256=00' },
    });
    expect(plain.statusCode).toBe(401);
  });
});

describe('Telegram link', () => {
  it('links the chat by /start <token> from the deep link, replies, delivers, and unlinks by /stop', async () => {
    const a = await userWithPhone(null, 'zh_CN');
    const b = await userWithPhone(null);
    const link = await t.call(P.telegramLink, {}, { token: a.token });
    expect(link.code, link.msg).toBe(0);
    const m = /^https:\/\/t\.me\/PinyouSandboxBot\?start=([A-Za-z0-9_-]{32})$/.exec(link.data.url);
    expect(m).toBeTruthy();
    const token = m![1];

    // Without our secret: refused, nothing linked.
    const forged = await tgPost(`/start ${token}`, 555, 'wrong');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ ok: false, code: 'SECRET_INVALID' });
    expect((await tgPost(`/start ${token}`, 555, null)).statusCode).toBe(401);
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.telegram.linked).toBe(false);

    expect((await tgPost(`/start ${token}`, 555)).statusCode).toBe(200);
    const state = await t.call(P.notificationChannelState, {}, { token: a.token });
    expect(state.data.telegram).toMatchObject({ linked: true, bot_name: 'PinyouSandboxBot' });
    const replies = await outboxOf('telegram');
    expect(replies.map((r) => [r.to, r.provider])).toEqual([['555', 'sandbox']]);
    expect(replies[0].body).toMatch(/^已连接/);
    // The same update again: nothing changes, nothing more is sent. The used token links nobody else.
    await tgPost(`/start ${token}`, 555);
    expect(await outboxOf('telegram')).toHaveLength(1);
    await tgPost(`/start ${token}`, 777);
    expect((await outboxOf('telegram')).map((r) => r.to)).toEqual(['555', '777']);
    expect((await t.call(P.notificationChannelState, {}, { token: b.token })).data.telegram.linked).toBe(false);
    expect((await save(b.token, { telegram: true })).code).toBe(651);

    const on = await save(a.token, { telegram: true });
    expect(on.code, on.msg).toBe(0);
    await notify(a.id, 'TG1');
    await t.jobs.runDue();
    const sent = (await outboxOf('telegram')).at(-1)!;
    expect(sent).toMatchObject({ to: '555', subject: '到了', provider: 'sandbox' });
    expect(sent.body).toContain('包裹 TG1 已入库');
    expect(sent.body).toContain('/#/pages/order/all');

    // Junk from Telegram is answered 200 and ignored.
    const junk = await t.app.inject({
      method: 'POST',
      url: TG,
      payload: 'nonsense',
      headers: { 'content-type': 'text/plain', 'x-telegram-bot-api-secret-token': SANDBOX_TELEGRAM.webhookSecret },
    });
    expect(junk.statusCode).toBe(200);

    await tgPost('/stop', 555);
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.telegram.linked).toBe(false);
    const after = await t.services.db
      .select()
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, a.id), eq(notificationSettings.kind, 'parcel.arrived')));
    expect(after[0].telegram).toBe(false);
  });

  it('unlinks in the app; a replaced or expired link links nothing', async () => {
    const a = await userWithPhone(null);
    const first = await t.call(P.telegramLink, {}, { token: a.token });
    const second = await t.call(P.telegramLink, {}, { token: a.token });
    // Only the newest link works.
    await tgPost(`/start ${new URL(first.data.url).searchParams.get('start')}`, 901);
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.telegram.linked).toBe(false);
    await tgPost(`/start ${new URL(second.data.url).searchParams.get('start')}`, 901);
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.telegram.linked).toBe(true);
    const un = await t.call(P.telegramUnlink, {}, { token: a.token });
    expect(un.data.telegram).toEqual({ linked: false, linked_at: null, bot_name: 'PinyouSandboxBot' });
    expect(await t.call(P.telegramLink, {}, {})).toMatchObject({ code: 401 });

    const third = await t.call(P.telegramLink, {}, { token: a.token });
    await t.services.db
      .update(notificationChannelLinks)
      .set({ telegramTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(notificationChannelLinks.userId, a.id));
    await tgPost(`/start ${new URL(third.data.url).searchParams.get('start')}`, 902);
    expect((await t.call(P.notificationChannelState, {}, { token: a.token })).data.telegram.linked).toBe(false);
    expect((await outboxOf('telegram')).at(-1)!.body).toMatch(/Connect Telegram/);
  });
});
