import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog } from '../audit/audit.schema.ts';
import { A, createKit, customer, ok, P, parcelsInWarehouse, resetKit, staff, type Kit } from './parcels.test-kit.ts';

/** Problem parcels (异常件): flag → the owner sees and is notified → answers → staff resolve; packing waits. */
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

async function staffOfRole(role: 'warehouse' | 'service' | 'finance') {
  const account = `${role}${Math.random().toString(36).slice(2, 8)}`;
  await k.t.services.staff.createStaff(account, `Staff ${role}`, role, 'staffpass1');
  return ok(k.t.call(contract.admin.adminLogin, { account, password: 'staffpass1' })).then((d) => d.token as string);
}

describe('problem parcels', () => {
  it('flag, the owner sees it in their language and is notified, answers, staff reply and resolve; packing waits', async () => {
    const s = await staffOfRole('warehouse');
    const admin = await staff(k);
    const c = await customer(k, { address: true });
    const [id, other] = await parcelsInWarehouse(k, admin, c.token, 2);

    const reasons = await ok(k.t.call(A.adminProblemReasons, {}, { token: s }));
    expect(reasons.list.map((r: { code: string }) => r.code)).toContain('damaged');

    const flagged = await ok(
      k.t.call(A.adminProblemFlag, { parcel_id: id, reason_code: 'damaged', note: 'Box crushed', photos: ['/files/x.jpg'] }, { token: s }),
    );
    expect(flagged).toMatchObject({
      status: 'open',
      reason: 'Damaged',
      note: 'Box crushed',
      photos: ['/files/x.jpg'],
      owner: { user_id: c.id },
    });
    // One unresolved problem per parcel.
    const again = await k.t.call(A.adminProblemFlag, { parcel_id: id, reason_code: 'damaged' }, { token: s });
    expect(again.code).toBe(Code.PROBLEM_EXISTS);
    expect((await k.t.call(A.adminProblemFlag, { parcel_id: other, reason_code: 'nope' }, { token: s })).code).toBe(
      Code.PROBLEM_REASON_UNKNOWN,
    );

    // The owner sees it on the parcel, the reason in their language.
    const en = await ok(k.t.call(P.getOrderDetail, { id }, { token: c.token }));
    expect(en.problem).toMatchObject({ id: flagged.id, reason: 'Damaged', status: 'open', photos: ['/files/x.jpg'], messages: [] });
    const zh = await ok(k.t.call(P.getOrderDetail, { id }, { token: c.token, lang: 'zh_CN' }));
    expect(zh.problem.reason).toBe('破损');
    expect((await ok(k.t.call(P.getOrderDetail, { id: other }, { token: c.token }))).problem).toBeNull();

    // Notified in-app with a link that opens the parcel.
    const notes = await ok(k.t.call(contract.platform.notificationList, {}, { token: c.token }));
    const note = notes.list.find((n: { kind: string }) => n.kind === 'parcel.problem');
    expect(note).toMatchObject({ link: `pages/order/detail?id=${id}` });
    expect(note.body).toContain('Damaged');

    // Packing refused while open, by the customer (both languages) and at the packing station.
    const refused = await k.t.call(P.orderApplyPack, { parcel_ids: [id, other], mode: 'SEA' }, { token: c.token });
    expect(refused.code).toBe(Code.PARCEL_PROBLEM_OPEN);
    expect(refused.msg).toContain('problem');
    const refusedZh = await k.t.call(P.checkApplyPack, { parcel_ids: [id], mode: 'SEA' }, { token: c.token, lang: 'zh_CN' });
    expect(refusedZh.code).toBe(Code.PARCEL_PROBLEM_OPEN);
    expect(refusedZh.msg).toContain('异常');

    // An invoice answer needs the invoice; then the answer is recorded.
    expect((await k.t.call(P.parcelProblemAnswer, { problem_id: flagged.id, choice: 'invoice' }, { token: c.token })).code).toBe(
      Code.PROBLEM_INVOICE_FILE,
    );
    expect((await k.t.call(P.parcelProblemAnswer, { problem_id: flagged.id, choice: 'burn' }, { token: c.token })).code).toBe(
      Code.VALIDATION,
    );
    const answered = await ok(
      k.t.call(P.parcelProblemAnswer, { problem_id: flagged.id, choice: 'repack', message: 'Please repack it' }, { token: c.token }),
    );
    expect(answered.status).toBe('answered');
    expect(answered.messages).toMatchObject([{ author: 'customer', choice: 'repack', message: 'Please repack it' }]);

    // Staff list by state, reply (the customer is asked again) and resolve.
    const listed = await ok(k.t.call(A.adminProblemList, { status: 'answered' }, { token: s }));
    expect(listed.list.map((p: { id: number }) => p.id)).toEqual([flagged.id]);
    expect((await ok(k.t.call(A.adminProblemList, { status: 'open' }, { token: s }))).total).toBe(0);
    const replied = await ok(k.t.call(A.adminProblemReply, { id: flagged.id, message: 'Repacked in a new box, ok?' }, { token: s }));
    expect(replied.status).toBe('open');
    expect(replied.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'staff']);
    const resolved = await ok(k.t.call(A.adminProblemResolve, { id: flagged.id, resolution: 'Repacked' }, { token: s }));
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Repacked' });
    expect((await k.t.call(A.adminProblemResolve, { id: flagged.id, resolution: 'x' }, { token: s })).code).toBe(Code.PROBLEM_STATE);
    expect((await k.t.call(P.parcelProblemAnswer, { problem_id: flagged.id, choice: 'proceed' }, { token: c.token })).code).toBe(
      Code.PROBLEM_STATE,
    );

    // Every staff write is audited.
    const audit = await k.t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'parcel_problem'), eq(auditLog.objectId, String(flagged.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['admin/parcels/problemFlag', 'admin/parcels/problemReply', 'admin/parcels/problemResolve']);

    // Packing allowed after.
    const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [id, other], mode: 'SEA' }, { token: c.token }));
    expect(pack.id).toBeGreaterThan(0);
  });

  it('refuses the packing station while a parcel of an applied pack has an open problem', async () => {
    const admin = await staff(k);
    const c = await customer(k, { address: true });
    const ids = await parcelsInWarehouse(k, admin, c.token, 1);
    const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'SEA' }, { token: c.token }));
    const flagged = await ok(k.t.call(A.adminProblemFlag, { parcel_id: ids[0], reason_code: 'weight' }, { token: admin }));
    const piece = { weight_kg: 3, length_cm: 40, width_cm: 30, height_cm: 20 };
    const refused = await k.t.call(A.adminPackMeasure, { pack_id: pack.id, pieces: [piece] }, { token: admin });
    expect(refused.code).toBe(Code.PARCEL_PROBLEM_OPEN);
    await ok(k.t.call(A.adminProblemResolve, { id: flagged.id, resolution: 'Weight confirmed' }, { token: admin }));
    await ok(k.t.call(A.adminPackMeasure, { pack_id: pack.id, pieces: [piece] }, { token: admin }));
  });

  it('only the owner sees and answers; only warehouse staff flag and resolve; bad input is a clear error', async () => {
    const admin = await staff(k);
    const c = await customer(k);
    const stranger = await customer(k);
    const [id] = await parcelsInWarehouse(k, admin, c.token, 1);
    const flagged = await ok(k.t.call(A.adminProblemFlag, { parcel_id: id, reason_code: 'documents' }, { token: admin }));

    expect((await k.t.call(P.getOrderDetail, { id }, { token: stranger.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    const theirs = await k.t.call(P.parcelProblemAnswer, { problem_id: flagged.id, choice: 'return' }, { token: stranger.token });
    expect(theirs.code).toBe(Code.OBJECT_NOT_FOUND);

    const service = await staffOfRole('service');
    const finance = await staffOfRole('finance');
    expect((await k.t.call(A.adminProblemFlag, { parcel_id: id, reason_code: 'damaged' }, { token: finance })).code).toBe(Code.FORBIDDEN);
    expect((await k.t.call(A.adminProblemResolve, { id: flagged.id, resolution: 'ok' }, { token: service })).code).toBe(Code.FORBIDDEN);
    expect((await k.t.call(A.adminProblemFlag, { parcel_id: id, reason_code: 'damaged' }, { token: c.token })).code).toBe(Code.FORBIDDEN);
    // Service staff may read the list (they answer customers' questions).
    expect((await ok(k.t.call(A.adminProblemList, {}, { token: service }))).total).toBe(1);

    const bad = await k.t.call(A.adminProblemResolve, { id: flagged.id, resolution: '' }, { token: admin });
    expect(bad.code).toBe(Code.VALIDATION);
    const missing = await k.t.call(A.adminProblemFlag, { parcel_id: 999999, reason_code: 'damaged' }, { token: admin });
    expect(missing.code).toBe(Code.OBJECT_NOT_FOUND);
    const tooMany = await k.t.call(
      P.parcelProblemAnswer,
      { problem_id: flagged.id, choice: 'invoice', files: Array.from({ length: 10 }, (_, i) => `/f/${i}.jpg`) },
      { token: c.token },
    );
    expect(tooMany.code).toBe(Code.VALIDATION);
  });

  it('staff edit the reason list; a flag keeps the texts chosen', async () => {
    const s = await staffOfRole('warehouse');
    const c = await customer(k);
    const admin = await staff(k);
    const [id] = await parcelsInWarehouse(k, admin, c.token, 1);
    const list = [{ code: 'battery', en: 'Contains a battery', zh_CN: '含电池' }];
    await ok(k.t.call(A.adminProblemReasonsSave, { list }, { token: s }));
    expect((await ok(k.t.call(A.adminProblemReasons, {}, { token: s }))).list).toEqual(list);
    const dup = await k.t.call(A.adminProblemReasonsSave, { list: [...list, ...list] }, { token: s });
    expect(dup.code).toBe(Code.VALIDATION);
    const f = await ok(k.t.call(A.adminProblemFlag, { parcel_id: id, reason_code: 'battery' }, { token: s }));
    await ok(k.t.call(A.adminProblemReasonsSave, { list: [{ code: 'other', en: 'Other', zh_CN: '其他' }] }, { token: s }));
    const seen = await ok(k.t.call(P.getOrderDetail, { id }, { token: c.token, lang: 'zh_CN' }));
    expect(seen.problem).toMatchObject({ id: f.id, reason: '含电池' });
  });
});
