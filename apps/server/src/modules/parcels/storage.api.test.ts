import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, contract, defaultStoragePolicy, settingsInputOf, storageFor } from '@pinyou/contract';
import { realGroup } from '../groups/groups.test-kit.ts';
import { A, addAddress, createKit, customer, declare, ok, P, resetKit, scanIn, staff, type Kit } from './parcels.test-kit.ts';
import { parcels } from './parcels.schema.ts';
import { STORAGE_REMINDERS_JOB } from './parcels.module.ts';

/** Storage in the China warehouse (issue 37): free days, then a daily fee by size, reminders and disposal. */
let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});
beforeEach(async () => {
  await resetKit(k);
});
afterEach(() => {
  vi.useRealTimers();
});

/** 30 Nov 2026 09:00 in Guangzhou (UTC+8): the scan-in; free until 29 Dec with the default 30 free days. */
const SCANNED = '2026-11-30T01:00:00Z';
const at = (iso: string) => vi.setSystemTime(new Date(iso));
let seq = 0;
const tracking = () => `SF88${String(++seq).padStart(8, '0')}`;
type Line = { code: string; amount: { amount_minor: number } };

/** A customer's parcel scanned in at SCANNED (40×30×20 cm: 0.024 cbm, the S$0.20 a day band). */
async function shelved(opts: { groupMember?: boolean } = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(SCANNED);
  const c = await customer(k);
  if (opts.groupMember) {
    const leader = await customer(k);
    await realGroup(k.t, leader.id, [c.id]);
  } else await addAddress(k, c.id);
  const s = await staff(k);
  const no = tracking();
  const p = await declare(k, c.token, no, opts.groupMember ? { mode: 'GROUP' } : {});
  await scanIn(k, s, no);
  return { c, id: p.id as number };
}

/** A fresh token for the customer (sessions last 30 days) and a fresh staff member (12 hours). */
async function tokensNow(userId: number) {
  const s = await k.t.services.sessions.issueForUser(k.t.services.db, userId, 'user', { ip: '1', userAgent: '' });
  return { token: s.token, staff: await staff(k) };
}

async function roleStaff(role: string) {
  const account = `st${role}${++seq}`;
  await k.t.services.staff.createStaff(account, role, role as never, 'storage123');
  return (await ok(k.t.call(contract.admin.adminLogin, { account, password: 'storage123' }))).token as string;
}

const detail = async (id: number, token: string) => ok(k.t.call(P.getOrderDetail, { id }, { token }));
const storageLine = (pack: { quote_lines: Line[] }) => pack.quote_lines.find((l) => l.code === 'storage');

describe('storage fees', () => {
  it('free until the 30th day (UTC+8), then the size band per day, on the detail and the list', async () => {
    const { c, id } = await shelved();
    let d = await detail(id, c.token);
    expect(d.storage).toEqual({
      free_until: '2026-12-29',
      fee_so_far: { amount_minor: 0, currency: 'SGD' },
      disposable_from: '2027-02-28',
    });

    // 29 Dec 23:59 in Singapore: still free. 30 Dec 00:00: the first chargeable day.
    at('2026-12-29T15:59:00Z');
    expect((await detail(id, c.token)).storage.fee_so_far.amount_minor).toBe(0);
    at('2026-12-29T16:00:00Z');
    expect((await detail(id, c.token)).storage.fee_so_far.amount_minor).toBe(20);

    at('2027-01-08T04:00:00Z');
    const { token } = await tokensNow(c.id);
    d = await detail(id, token);
    expect(d.storage.fee_so_far.amount_minor).toBe(10 * 20);
    expect(d.storage.fee_so_far.amount_minor).toBe(storageFor(SCANNED, new Date(), 0.024, defaultStoragePolicy).fee_minor);
    const list = await ok(k.t.call(P.getOrderList, { page: 1, page_size: 10, status: 'warehouse' }, { token }));
    expect(list.list.find((p: { id: number }) => p.id === id).storage.fee_so_far.amount_minor).toBe(200);
    const packable = await ok(k.t.call(P.applyPackList, {}, { token }));
    expect(packable.list.find((p: { id: number }) => p.id === id).storage.fee_so_far.amount_minor).toBe(200);
  });

  it('follows the policy staff save in the settings', async () => {
    const { c, id } = await shelved();
    const admin = await staff(k);
    const current = await ok(k.t.call(contract.admin.getSettings, {}, { token: admin }));
    const storage_policy = {
      ...defaultStoragePolicy,
      free_days: 10,
      bands: [{ max_cbm: null, daily_fee: { amount_minor: 50, currency: 'SGD' as const } }],
    };
    const info = { ...settingsInputOf(current.info), storage_policy };
    // A money setting: the warehouse may not change it.
    expect((await k.t.call(contract.admin.saveSettings, { info }, { token: await roleStaff('warehouse') })).code).not.toBe(0);
    await ok(k.t.call(contract.admin.saveSettings, { info }, { token: admin }));
    at('2026-12-12T04:00:00Z');
    expect((await detail(id, c.token)).storage).toMatchObject({ free_until: '2026-12-09', fee_so_far: { amount_minor: 3 * 50 } });
    // Saved without the policy (an older console): the policy stays.
    const { storage_policy: _kept, ...older } = info;
    await ok(k.t.call(contract.admin.saveSettings, { info: older }, { token: await staff(k) }));
    expect((await detail(id, c.token)).storage.free_until).toBe('2026-12-09');
  });

  it('a fresh parcel pays nothing: the bill has no storage line and the same total', async () => {
    const { c, id } = await shelved();
    const { staff: s } = await tokensNow(c.id);
    const req = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [id], mode: 'SEA' }, { token: c.token }));
    const pack = await ok(
      k.t.call(
        A.adminPackMeasure,
        { pack_id: req.id, pieces: [{ weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 20 }] },
        { token: s },
      ),
    );
    expect(storageLine(pack)).toBeUndefined();
    expect(pack.amount.amount_minor).toBe(pack.quote_lines.reduce((n: number, l: Line) => n + l.amount.amount_minor, 0));
    // Packed: no longer stored on a shelf.
    expect((await detail(id, c.token)).storage).toBeNull();
  });

  it('the pack bill adds a storage line with the fees up to the day it is measured', async () => {
    const { c, id } = await shelved();
    at('2027-01-08T04:00:00Z');
    const { token } = await tokensNow(c.id);
    const req = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [id], mode: 'SEA' }, { token }));
    at('2027-01-09T04:00:00Z');
    const s2 = await staff(k);
    const pack = await ok(
      k.t.call(
        A.adminPackMeasure,
        { pack_id: req.id, pieces: [{ weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 20 }] },
        { token: s2 },
      ),
    );
    expect(storageLine(pack)?.amount.amount_minor).toBe(11 * 20);
    const others = pack.quote_lines.filter((l: Line) => l.code !== 'storage').reduce((n: number, l: Line) => n + l.amount.amount_minor, 0);
    expect(pack.amount.amount_minor).toBe(others + 220);
    const zh = await ok(k.t.call(A.adminPackDetail, { pack_id: req.id }, { token: s2, lang: 'zh_CN' }));
    expect(zh.quote_lines.find((l: Line & { label: string }) => l.code === 'storage').label).toBe('仓储费');
    // The bill issued is the pack's total, storage included.
    expect(k.billing.bills.get(pack.bill_id)?.amountMinor).toBe(others + 220);
  });

  it("a group member's parcel follows the same policy", async () => {
    const { c, id } = await shelved({ groupMember: true });
    at('2027-01-08T04:00:00Z');
    const { token, staff: s } = await tokensNow(c.id);
    expect((await detail(id, token)).storage).toMatchObject({ free_until: '2026-12-29', fee_so_far: { amount_minor: 200 } });
    const req = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [id], mode: 'GROUP' }, { token }));
    const pack = await ok(
      k.t.call(
        A.adminPackMeasure,
        { pack_id: req.id, pieces: [{ weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 20 }] },
        { token: s },
      ),
    );
    expect(storageLine(pack)?.amount.amount_minor).toBe(200);
  });
});

describe('storage reminders and disposal', () => {
  const notices = async (token: string) =>
    (await ok(k.t.call(contract.platform.notificationList, {}, { token, lang: 'en' }))).list
      .filter((n: { kind: string }) => n.kind === 'parcel.storage')
      .map((n: { title: string }) => n.title);

  it('reminds once, 3 days before free storage ends and before the disposal date', async () => {
    const { c } = await shelved();
    const jobs = k.t.services.parcels.storage;
    at('2026-12-25T04:00:00Z');
    expect(await jobs.sendReminders()).toEqual({ ending: 0, disposal: 0 });
    at('2026-12-26T04:00:00Z');
    // The daily job (as the queue runs it), twice: one reminder.
    for (let i = 0; i < 2; i++) {
      await k.t.jobs.enqueue(null, STORAGE_REMINDERS_JOB);
      expect(await k.t.jobs.runDue()).toBeGreaterThan(0);
    }
    expect(await notices(c.token)).toEqual(['Free storage ends soon']);
    expect(await jobs.sendReminders()).toEqual({ ending: 0, disposal: 0 });
    at('2026-12-27T04:00:00Z');
    expect(await jobs.sendReminders()).toEqual({ ending: 0, disposal: 0 });
    at('2027-02-25T04:00:00Z');
    expect(await jobs.sendReminders()).toEqual({ ending: 0, disposal: 1 });
    expect(await jobs.sendReminders()).toEqual({ ending: 0, disposal: 0 });
    const { token } = await tokensNow(c.id);
    expect(await notices(token)).toEqual(['Your parcel will be disposed of', 'Free storage ends soon']);
  });

  it('the warehouse may dispose only from the disposal date, after the owner was told; others may not', async () => {
    const { c, id } = await shelved();
    const dispose = (token: string) => k.t.call(A.adminParcelDispose, { id }, { token });
    // Past the date but never told: refused.
    at('2027-03-01T04:00:00Z');
    let wh = await roleStaff('warehouse');
    expect((await dispose(wh)).code).toBe(Code.PARCEL_NOT_DISPOSABLE);
    // Told today: the owner gets the notice's days first.
    await k.t.services.parcels.storage.sendReminders();
    expect((await dispose(wh)).code).toBe(Code.PARCEL_NOT_DISPOSABLE);
    at('2027-03-04T04:00:00Z');
    wh = await roleStaff('warehouse');
    const finance = await roleStaff('finance');
    expect((await dispose(finance)).code).not.toBe(0);
    const done = await ok(dispose(wh));
    expect(done.id).toBe(id);
    const [row] = await k.t.services.db.select().from(parcels).where(eq(parcels.id, id));
    expect(row.disposedAt).not.toBeNull();
    expect(row.deletedAt).not.toBeNull();
    const { token } = await tokensNow(c.id);
    expect((await k.t.call(P.getOrderDetail, { id }, { token })).code).toBe(Code.OBJECT_NOT_FOUND);
    // Once only.
    expect((await dispose(wh)).code).not.toBe(0);
  });

  it('refuses before the disposal date even when the owner was told', async () => {
    const { id } = await shelved();
    await k.t.services.db
      .update(parcels)
      .set({ disposalNoticeAt: new Date(SCANNED) })
      .where(eq(parcels.id, id));
    at('2027-02-27T04:00:00Z');
    const wh = await roleStaff('warehouse');
    const res = await k.t.call(A.adminParcelDispose, { id }, { token: wh });
    expect(res.code).toBe(Code.PARCEL_NOT_DISPOSABLE);
    expect(res.msg).toContain('2027-02-28');
    at('2027-02-28T04:00:00Z');
    expect((await k.t.call(A.adminParcelDispose, { id }, { token: await roleStaff('warehouse') })).code).toBe(0);
  });
});
