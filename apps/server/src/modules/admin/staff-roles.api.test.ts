import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, type StaffRole, settingsInputOf } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const AD = contract.admin;
const A = contract.account;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function staff(role: StaffRole) {
  const account = `s${role}${++seq}`;
  await t.services.staff.createStaff(account, `Staff ${role}`, role, 'staffpass1');
  const r = await t.call(AD.adminLogin, { account, password: 'staffpass1' });
  expect(r.code, r.msg).toBe(0);
  return { token: r.data.token as string, id: r.data.staff.id as number };
}

describe('outbox', () => {
  it('masks verification codes for every role; only an administrator reveals one, and the reveal is audited', async () => {
    await t.call(A.h5SendCode, { phone: '81112222', purpose: 'register' });
    const code = await t.lastCode('81112222');
    const service = await staff('service');
    const list = await t.call(AD.outbox, {}, { token: service.token });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list[0].body).not.toContain(code);
    expect(list.data.list[0].masked).toBe(true);
    expect((await t.call(AD.outboxReveal, { id: list.data.list[0].id }, { token: service.token })).code).toBe(Code.FORBIDDEN);
    const warehouse = await staff('warehouse');
    expect((await t.call(AD.outbox, {}, { token: warehouse.token })).code).toBe(Code.FORBIDDEN);

    const admin = await staff('admin');
    const shown = await t.call(AD.outboxReveal, { id: list.data.list[0].id }, { token: admin.token });
    expect(shown.data.body).toContain(code);
    const audit = await t.call(AD.auditList, { action: 'outboxReveal' }, { token: admin.token });
    expect(
      audit.data.list.some(
        (e: { staff_id: number; object_id: string }) => e.staff_id === admin.id && e.object_id === String(list.data.list[0].id),
      ),
    ).toBe(true);
  });
});

describe('settings that route money', () => {
  it('only administrators and finance change the PayNow UEN, bank account or rate; others may change the rest', async () => {
    const content = await staff('content');
    const { data } = await t.call(AD.getSettings, {}, { token: content.token });
    // What staff send back: the answer with the largest top-up typed as an amount ("10000.00").
    const info = settingsInputOf(data.info);
    const uen = { ...info, recharge: { ...info.recharge, paynow_uen: 'T99ZZ9999Z' } };
    const refused = await t.call(AD.saveSettings, { info: uen }, { token: content.token });
    expect(refused.code).toBe(Code.MONEY_SETTINGS_ROLE);
    const notice = { ...info, notice: { en: 'Closed on Monday', zh_CN: '周一休息' } };
    expect((await t.call(AD.saveSettings, { info: notice }, { token: content.token })).code).toBe(0);
    expect((await t.call(AD.saveSettings, { info: { ...notice, exchange_rate: '9.9999' } }, { token: content.token })).code).toBe(
      Code.MONEY_SETTINGS_ROLE,
    );
    const warehouse = await staff('warehouse');
    expect((await t.call(AD.saveSettings, { info: notice }, { token: warehouse.token })).code).toBe(Code.FORBIDDEN);
    const finance = await staff('finance');
    expect((await t.call(AD.saveSettings, { info: { ...uen, notice: notice.notice } }, { token: finance.token })).code).toBe(0);
  });
});

describe('audit log', () => {
  it('records every staff write with who, what object, outcome and before/after; reads are not recorded', async () => {
    const service = await staff('service');
    const admin = await staff('admin');
    const u = await t.services.db.transaction(async (tx) => {
      const { insertUser } = await import('../account/account.repository.ts');
      return insertUser(tx, { userAccount: 'audited1', roles: ['user'] });
    });
    expect((await t.call(AD.setUserDisabled, { user_id: u.id, disabled: 1 }, { token: service.token })).code).toBe(0);
    await t.call(AD.userList, {}, { token: service.token });
    // A refused write is recorded too.
    await t.call(AD.setUserDisabled, { user_id: 999999, disabled: 1 }, { token: service.token });

    const log = await t.call(AD.auditList, { staff_id: service.id }, { token: admin.token });
    expect(log.code, log.msg).toBe(0);
    const actions = log.data.list.map((e: { action: string; object_type: string; object_id: string; outcome: number }) => [
      e.action,
      e.object_type,
      e.object_id,
      e.outcome,
    ]);
    // The service's before/after row (outcome -1) is written inside the write, before the pipeline's own row.
    expect(actions).toEqual([
      ['admin/setUserDisabled', 'user', '999999', Code.OBJECT_NOT_FOUND],
      ['admin/setUserDisabled', 'user', String(u.id), 0],
      ['admin/setUserDisabled', 'user', String(u.id), -1],
    ]);
    const byObject = await t.call(AD.auditList, { object_type: 'user', object_id: String(u.id) }, { token: admin.token });
    expect(byObject.data.total).toBe(2);
    expect(byObject.data.list[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(byObject.data.list[0].staff_account).toMatch(/^sservice/);
    // Only administrators read the log.
    expect((await t.call(AD.auditList, {}, { token: service.token })).code).toBe(Code.FORBIDDEN);

    const created = await t.call(
      AD.staffCreate,
      { account: 'wh.new', name: 'New', role: 'warehouse', password: 'whpass123' },
      { token: admin.token },
    );
    expect(created.code, created.msg).toBe(0);
    const changed = await t.call(AD.staffUpdate, { id: created.data.id, role: 'finance' }, { token: admin.token });
    expect(changed.data.role).toBe('finance');
    const detail = await t.call(
      AD.auditList,
      { object_type: 'staff', object_id: String(created.data.id), action: 'staffUpdate' },
      { token: admin.token },
    );
    const withDiff = detail.data.list.find((e: { before: unknown }) => e.before);
    expect(withDiff.before).toMatchObject({ role: 'warehouse' });
    expect(withDiff.after).toMatchObject({ role: 'finance' });
    expect(JSON.stringify(detail.data)).not.toContain('whpass123');
  });

  it('a role change applies to open sessions at once; a disabled staff member is logged out and cannot log in', async () => {
    const admin = await staff('admin');
    const w = await staff('warehouse');
    expect((await t.call(AD.outbox, {}, { token: w.token })).code).toBe(Code.FORBIDDEN);
    await t.call(AD.staffUpdate, { id: w.id, role: 'service' }, { token: admin.token });
    expect((await t.call(AD.outbox, {}, { token: w.token })).code).toBe(0);
    await t.call(AD.staffUpdate, { id: w.id, disabled: true }, { token: admin.token });
    expect((await t.call(AD.outbox, {}, { token: w.token })).code).not.toBe(0);
    const list = await t.call(AD.staffList, {}, { token: admin.token });
    const account = list.data.list.find((s: { id: number }) => s.id === w.id).account;
    expect((await t.call(AD.adminLogin, { account, password: 'staffpass1' })).code).toBe(Code.ACCOUNT_DISABLED);
    // An administrator cannot lock themself out.
    expect((await t.call(AD.staffUpdate, { id: admin.id, role: 'content' }, { token: admin.token })).code).toBe(Code.FORBIDDEN);
  });
});

describe("an administrator's own account", () => {
  it('changing one’s own password needs the current one; another’s does not', async () => {
    const admin = await staff('admin');
    const other = await staff('warehouse');
    const bare = await t.call(AD.staffUpdate, { id: admin.id, password: 'newpass123' }, { token: admin.token, lang: 'zh_CN' });
    expect(bare.code).toBe(Code.VALIDATION);
    expect(bare.data.field).toBe('current_password');
    const wrong = await t.call(AD.staffUpdate, { id: admin.id, password: 'newpass123', current_password: 'nope' }, { token: admin.token });
    expect(wrong.code).toBe(Code.OLD_PASSWORD_WRONG);
    const list = await t.call(AD.staffList, {}, { token: admin.token });
    const account = list.data.list.find((s: { id: number }) => s.id === admin.id).account;
    // Nothing changed: the old password still logs in.
    expect((await t.call(AD.adminLogin, { account, password: 'staffpass1' })).code).toBe(0);
    const right = await t.call(
      AD.staffUpdate,
      { id: admin.id, password: 'newpass123', current_password: 'staffpass1' },
      { token: admin.token },
    );
    expect(right.code, right.msg).toBe(0);
    expect((await t.call(AD.adminLogin, { account, password: 'newpass123' })).code).toBe(0);
    const again = (await t.call(AD.adminLogin, { account, password: 'newpass123' })).data.token as string;
    // Another's password: an administrator's reset, no current password asked.
    expect((await t.call(AD.staffUpdate, { id: other.id, password: 'otherpass9' }, { token: again })).code).toBe(0);
    // Guessing through the open session is limited (five wrong guesses, the first one above).
    for (let i = 0; i < 4; i++)
      expect((await t.call(AD.staffUpdate, { id: admin.id, password: 'x1234567', current_password: `g${i}` }, { token: again })).code).toBe(
        Code.OLD_PASSWORD_WRONG,
      );
    expect(
      (await t.call(AD.staffUpdate, { id: admin.id, password: 'x1234567', current_password: 'newpass123' }, { token: again })).code,
    ).toBe(Code.RATE_LIMITED);
  });

  it('the last active administrator cannot be disabled or lose the role, even by two administrators at once', async () => {
    const a = await staff('admin');
    const b = await staff('admin');
    const [ab, ba] = await Promise.all([
      t.call(AD.staffUpdate, { id: b.id, disabled: true }, { token: a.token }),
      t.call(AD.staffUpdate, { id: a.id, role: 'finance' }, { token: b.token }),
    ]);
    const codes = [ab.code, ba.code];
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    const list = await t.call(AD.staffList, {}, { token: ab.code === 0 ? a.token : b.token });
    const active = list.data.list.filter((s: { role: string; disabled: boolean }) => s.role === 'admin' && !s.disabled);
    expect(active).toHaveLength(1);
    // Whoever is left is the last: the service refuses to disable or demote them, whoever asks.
    const last = active[0].id as number;
    const w = await staff('warehouse');
    await expect(t.services.staff.staffUpdate(w.id, { id: last, disabled: true })).rejects.toMatchObject({ name: 'LAST_ADMIN' });
    await expect(t.services.staff.staffUpdate(w.id, { id: last, role: 'content' })).rejects.toMatchObject({ name: 'LAST_ADMIN' });
    // A new administrator makes the other one removable again.
    const c = await staff('admin');
    expect((await t.call(AD.staffUpdate, { id: last, role: 'content' }, { token: c.token })).code).toBe(0);
  });
});
