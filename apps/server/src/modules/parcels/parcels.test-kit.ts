/** Shared set-up of the parcels API tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok } from '../../test/fixtures.ts';
import { TestBillingDouble } from '../../test/billing.test-double.ts';
import * as accountRepo from '../account/account.repository.ts';

export const P = contract.parcels;
export const A = contract.parcelsAdmin;

export interface Kit {
  t: TestApp;
  billing: TestBillingDouble;
}

export async function createKit(): Promise<Kit> {
  let t: TestApp | null = null;
  const billing = new TestBillingDouble(() => t!.database.db);
  t = await createTestApp({ providers: { parcelsBilling: billing } });
  return { t, billing };
}

export async function resetKit(k: Kit) {
  await k.t.reset();
  k.billing.reset();
  await k.t.services.parcels.ensureDefaultRateCards();
}

let seq = 0;
export async function customer(k: Kit, opts: { leader?: boolean; address?: boolean; groupId?: number } = {}) {
  seq++;
  const u = await accountRepo.insertUser(k.t.services.db, {
    userAccount: `cust${seq}${randomBytes(2).toString('hex')}`,
    nickname: `Customer ${seq}`,
    examineStatus: opts.leader ? 1 : 0,
    roles: opts.leader ? ['user', 'leader'] : ['user'],
    groupId: opts.groupId ?? null,
  });
  const s = await k.t.services.sessions.issueForUser(k.t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  if (opts.address) await addAddress(k, u.id);
  return { id: u.id, token: s.token, account: u.userAccount };
}

export async function addAddress(k: Kit, userId: number) {
  return k.t.services.addresses.save(userId, {
    receiver: 'Tan Ah Kow',
    phone: '81234567',
    district: 'Tampines',
    address: 'Blk 201 Tampines St 21 #08-1234',
    postcode: '520201',
    is_default: true,
  });
}

export async function staff(k: Kit) {
  seq++;
  // An administrator: these flows cross warehouse, service and finance calls; roles have their own matrix test.
  await k.t.services.staff.createStaff(`wh${seq}`, 'Warehouse', 'admin', 'warehouse123');
  const res = await k.t.call(contract.admin.adminLogin, { account: `wh${seq}`, password: 'warehouse123' });
  expect(res.code, res.msg).toBe(0);
  return res.data.token as string;
}

export { ok };

export async function declare(k: Kit, token: string, tracking: string, extra: Record<string, unknown> = {}) {
  return ok(
    k.t.call(P.createOrder, { tracking_no: tracking, goods_name: 'Clothes', goods_value: '120.50', quantity: 2, ...extra }, { token }),
  );
}

export async function scanIn(
  k: Kit,
  staffToken: string,
  tracking: string,
  size: Partial<Record<'weight_kg' | 'length_cm' | 'width_cm' | 'height_cm', number>> = {},
  dragonCode?: string,
) {
  return ok(
    k.t.call(
      P.scannedInbound,
      {
        tracking_no: tracking,
        weight_kg: 3.2,
        length_cm: 40,
        width_cm: 30,
        height_cm: 20,
        shelf: 'A-01-03',
        photos: ['/uploads/x.jpg'],
        ...size,
        ...(dragonCode !== undefined ? { dragon_code: dragonCode } : {}),
      },
      { token: staffToken },
    ),
  );
}

/** Declared and shelved parcel ids for a customer. */
export async function parcelsInWarehouse(k: Kit, staffToken: string, token: string, n: number, prefix = 'SF') {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const tracking = `${prefix}${String(Date.now()).slice(-7)}${randomBytes(3).toString('hex').toUpperCase()}${i}`;
    const p = await declare(k, token, tracking);
    await scanIn(k, staffToken, tracking);
    ids.push(p.id);
  }
  return ids;
}

export async function packedPack(k: Kit, staffToken: string, token: string, n = 2) {
  const ids = await parcelsInWarehouse(k, staffToken, token, n);
  const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'SEA' }, { token }));
  const measured = await ok(
    k.t.call(
      A.adminPackMeasure,
      { pack_id: pack.id, pieces: [{ weight_kg: 6.4, length_cm: 60, width_cm: 40, height_cm: 40 }] },
      { token: staffToken },
    ),
  );
  return { ids, pack: measured };
}

/** A multipart upload of one file plus the signed fields. */
export async function upload(
  k: Kit,
  path: string,
  file: { name: string; type: string; data: Buffer },
  token: string,
  lang: 'en' | 'zh_CN' = 'en',
) {
  const res = await k.t.request({ path }, {}, { token, lang, file });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}
