import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contract, notificationKinds } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { jobs, notifications, outbox, users } from '../../db/schema.ts';
import { createWalletTestApp, issueBill, makeUser, topUp } from '../wallet/wallet.test-helpers.ts';
import type { NotifyInput } from './notifications.port.ts';

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

let n = 0;
const input = (userId: number, extra: Partial<NotifyInput> = {}): NotifyInput => {
  n++;
  return {
    userId,
    kind: 'parcel.arrived',
    title: { en: `Title ${n}`, zh_CN: `标题 ${n}` },
    body: { en: `Body ${n}`, zh_CN: `内容 ${n}` },
    link: 'pages/order/all',
    ...extra,
  };
};
const notify = (i: NotifyInput) => t.services.db.transaction((tx) => t.services.notifications.notify(tx, i));

describe('the in-app list', () => {
  it('lists my notifications in my language, counts unread, and never shows another user’s', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await notify(input(a.id, { dedupeKey: 'same' }));
    await notify(input(a.id, { dedupeKey: 'same' }));
    await notify(input(a.id));
    await notify(input(b.id, { title: { en: 'For B', zh_CN: '给 B' } }));

    const listA = await t.call(P.notificationList, {}, { token: a.token, lang: 'zh_CN' });
    expect(listA.code, listA.msg).toBe(0);
    expect(listA.data.total).toBe(2);
    expect(listA.data.unread).toBe(2);
    expect(listA.data.list.map((x: { title: string }) => x.title)).toEqual([`标题 ${n - 1}`, `标题 ${n - 3}`]);
    expect(listA.data.list[0]).toMatchObject({ kind: 'parcel.arrived', read: false, link: 'pages/order/all' });

    const listB = await t.call(P.notificationList, {}, { token: b.token });
    expect(listB.data.list.map((x: { title: string }) => x.title)).toEqual(['For B']);

    // B marking A's notification changes nothing for A.
    const aId = listA.data.list[0].id;
    const wrong = await t.call(P.notificationRead, { id: aId }, { token: b.token });
    expect(wrong.code).toBe(0);
    expect(wrong.data.unread).toBe(1);
    expect((await t.call(P.notificationUnreadCount, {}, { token: a.token })).data.unread).toBe(2);

    const one = await t.call(P.notificationRead, { id: aId }, { token: a.token });
    expect(one.data.unread).toBe(1);
    const unreadFirst = await t.call(P.notificationList, { order: 'unread_first' }, { token: a.token });
    expect(unreadFirst.data.list.map((x: { read: boolean }) => x.read)).toEqual([false, true]);

    const all = await t.call(P.notificationRead, { all: 1 }, { token: a.token });
    expect(all.data.unread).toBe(0);
    expect((await t.call(P.notificationUnreadCount, {}, { token: b.token })).data.unread).toBe(1);
  });

  it('asks for an id or all, and needs a login', async () => {
    const a = await makeUser(t);
    const none = await t.call(P.notificationRead, {}, { token: a.token });
    expect(none.code).not.toBe(0);
    expect(none.msg).toMatch(/required/i);
    const anon = await t.call(P.notificationList, {});
    expect(anon.code).toBe(401);
  });

  it('pages', async () => {
    const a = await makeUser(t);
    for (let i = 0; i < 5; i++) await notify(input(a.id));
    const p2 = await t.call(P.notificationList, { page: 2, page_size: 2 }, { token: a.token });
    expect(p2.data).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(p2.data.list.length).toBe(2);
  });

  it('keeps nothing when the caller’s transaction rolls back', async () => {
    const a = await makeUser(t);
    await expect(
      t.services.db.transaction(async (tx) => {
        await t.services.notifications.notify(tx, input(a.id));
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect((await t.services.db.select().from(notifications)).length).toBe(0);
    expect((await t.services.db.select().from(jobs).where(eq(jobs.name, 'notifications.deliver'))).length).toBe(0);
  });
});

describe('settings and deliveries', () => {
  it('starts from the defaults, saves per kind, and refuses unknown kinds', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const s = await t.call(P.notificationSettings, {}, { token: a.token });
    expect(s.data.list.map((x: { kind: string }) => x.kind)).toEqual([...notificationKinds]);
    expect(s.data.list[0]).toEqual({
      kind: 'parcel.arrived',
      in_app: true,
      sms: false,
      email: false,
      wechat: true,
      whatsapp: false,
      telegram: false,
    });

    const saved = await t.call(
      P.saveNotificationSettings,
      { list: [{ kind: 'parcel.arrived', sms: true, email: true, wechat: false }] },
      { token: a.token },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.list[0]).toEqual({
      kind: 'parcel.arrived',
      in_app: true,
      sms: true,
      email: true,
      wechat: false,
      whatsapp: false,
      telegram: false,
    });
    // Someone else's settings are untouched.
    expect((await t.call(P.notificationSettings, {}, { token: b.token })).data.list[0].sms).toBe(false);

    const bad = await t.call(
      P.saveNotificationSettings,
      { list: [{ kind: 'nope', sms: true, email: true, wechat: true }] },
      { token: a.token },
    );
    expect(bad.code).not.toBe(0);
  });

  it('delivers by SMS, e-mail and WeChat as jobs, by the user’s settings, in the user’s language', async () => {
    const a = await makeUser(t);
    await t.services.db
      .update(users)
      .set({ phone: '+6581234567', email: 'a@example.com', wechatOpenid: 'sbx_openid_a', language: 'en' })
      .where(eq(users.id, a.id));
    await t.call(
      P.saveNotificationSettings,
      { list: [{ kind: 'parcel.arrived', sms: true, email: false, wechat: true }] },
      { token: a.token },
    );
    await notify(input(a.id, { title: { en: 'Arrived', zh_CN: '到了' }, dedupeKey: 'p1' }));
    // Nothing is sent inside the request: deliveries are jobs.
    expect((await t.services.db.select().from(outbox)).length).toBe(0);
    // Recurring work of other modules (e.g. the mall's every-minute expiry) may fall due too: count the deliveries.
    await t.jobs.runDue();
    const sent = await t.services.db.select().from(outbox).orderBy(outbox.channel);
    expect(sent.map((o) => [o.channel, o.to, o.subject])).toEqual([
      ['sms', '+6581234567', 'Arrived'],
      ['wechat', 'sbx_openid_a', 'Arrived'],
    ]);
    expect(sent[1].body).toContain('/#/pages/order/all');
    // The same dedupe key again: no new notification, no new delivery.
    await notify(input(a.id, { dedupeKey: 'p1' }));
    await t.jobs.runDue();
    expect(await t.services.db.select().from(outbox)).toHaveLength(2);
  });
});

describe('wallet notices and jobs', () => {
  it('tells the owner a bill is due when it is issued, and the auto-pay job pays it later', async () => {
    const a = await makeUser(t);
    const bill = await issueBill(t, a.id, 1500, { payBefore: new Date(Date.now() + 3 * 86_400_000) });
    const list = await t.call(P.notificationList, {}, { token: a.token });
    expect(list.data.list.map((x: { kind: string }) => x.kind)).toEqual(['bill.due']);
    expect(list.data.list[0].body).toMatch(/S\$15\.00 to pay before/);
    const queued = await t.services.db.select().from(jobs).orderBy(jobs.id);
    expect(queued.map((j) => j.name).sort()).toEqual([
      'notifications.deliver',
      'wallet.autoPay',
      'wallet.billExpired',
      'wallet.billReminder',
    ]);

    // Money arrives while auto-pay is off (so the top-up pays nothing); auto-pay is then turned on
    // behind the app's back: only the queued second try can pay the bill now.
    await topUp(t, a.id, 2000);
    const billStatus = async () =>
      ((await t.services.db.execute(sql`select status from bills where id = ${bill.id}`)) as unknown as { rows: { status: string }[] })
        .rows[0].status;
    expect(await billStatus()).toBe('unpaid');
    await t.services.db.update(users).set({ isAutoPay: true }).where(eq(users.id, a.id));
    await t.jobs.runDue();
    expect(await billStatus()).toBe('unpaid'); // not before its time
    await t.services.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.name, 'wallet.autoPay')));
    await t.jobs.runDue();
    const status = await billStatus();
    expect(status).toBe('paid');
  });

  it('tells the owner when an unpaid bill expires, once, and says nothing about a bill that was paid', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const unpaid = await issueBill(t, a.id, 900, { payBefore: soon, kind: 'other' });
    const paid = await issueBill(t, b.id, 900, { payBefore: soon, kind: 'other' });
    await topUp(t, b.id, 900);
    await t.services.billing.pay(b.id, { billIds: [paid.id], idempotencyKey: 'expire-test-paid' });
    // Time passes: the deadline is behind both bills and their jobs are due.
    const past = new Date(Date.now() - 1000);
    await t.services.db.execute(
      sql`update bills set pay_before = ${past.toISOString()}::timestamptz where id in (${unpaid.id}, ${paid.id})`,
    );
    await t.services.db.update(jobs).set({ runAt: past });
    await t.jobs.runDue();
    await t.jobs.runDue();
    const titles = async (token: string) =>
      (await t.call(P.notificationList, {}, { token })).data.list.map((x: { title: string }) => x.title);
    expect(await titles(a.token)).toEqual(['A bill has expired', 'A bill is ready to pay']);
    expect(await titles(b.token)).toEqual(['A bill is ready to pay']);
  });
});
