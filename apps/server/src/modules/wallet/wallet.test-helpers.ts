import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as accountRepo from '../account/account.repository.ts';
import type { BillKind, IssueBillInput } from './billing.port.ts';

let seq = 0;

/** A customer with a session token (no password: tests log in by issuing a session directly). */
export async function makeUser(
  t: TestApp,
  opts: { groupId?: number | null; leader?: boolean; autoPay?: boolean; actingLeaderId?: number | null } = {},
) {
  seq += 1;
  const user = await accountRepo.insertUser(t.services.db, {
    userAccount: `u${Date.now().toString(36)}${seq}`,
    roles: opts.leader ? ['user', 'leader'] : ['user'],
    examineStatus: opts.leader ? 1 : 0,
    groupId: opts.groupId ?? null,
    isAutoPay: opts.autoPay ?? false,
  });
  const s = await t.services.sessions.issueForUser(
    t.services.db,
    user.id,
    opts.leader ? 'leader' : 'user',
    { ip: '1', userAgent: '' },
    opts.actingLeaderId ?? null,
  );
  return { id: user.id, token: s.token };
}

/** A staff session of a role (admin and finance may move money). */
export async function staffToken(t: TestApp, role: 'admin' | 'finance' | 'warehouse' = 'finance') {
  seq += 1;
  const account = `st${role}${seq}`;
  await t.services.staff.createStaff(account, `Staff ${role}`, role, 'staffpass1');
  const res = await t.call(contract.admin.adminLogin, { account, password: 'staffpass1' });
  if (res.code !== 0) throw new Error(res.msg);
  return res.data.token as string;
}

/**
 * A test app whose pack and return bills have stand-in owners. Wallet tests charge for made-up packs and
 * returns; the parcels module's own handlers rightly refuse bills for packs that do not exist, and the
 * parcels flow tests cover those. Tests that need a particular owner behaviour register their own.
 */
export async function createWalletTestApp(opts: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const t = await createTestApp(opts);
  for (const kind of ['pack', 'return'] as const) {
    t.services.billing.onPaid(kind, async () => {});
    t.services.billing.onRefunded(kind, async () => {});
  }
  return t;
}

let refSeq = 1000;
export async function issueBill(
  t: TestApp,
  userId: number,
  amountMinor: number,
  extra: Partial<IssueBillInput> & { kind?: BillKind } = {},
) {
  refSeq += 1;
  const bill = await t.services.db.transaction((tx) =>
    t.services.billing.issueBill(tx, {
      userId,
      kind: extra.kind ?? 'pack',
      refId: extra.refId ?? refSeq,
      currency: extra.currency ?? 'SGD',
      amountMinor,
      lines: extra.lines ?? [{ code: 'sea_freight', label: { en: 'Sea freight', zh_CN: '海运费' }, amountMinor }],
      description: extra.description ?? { en: `Pack ${refSeq}`, zh_CN: `包裹 ${refSeq}` },
      payBefore: extra.payBefore ?? null,
      groupId: extra.groupId ?? null,
      volumeCbm: extra.volumeCbm ?? null,
    }),
  );
  return bill;
}

/** Money in through the real path: a PayNow top-up that staff confirm. */
export async function topUp(t: TestApp, userId: number, amountMinor: number) {
  const { order } = await t.services.recharge.create(
    userId,
    { amount: amountMinor, method: 'paynow', trade_type: 'h5' },
    { lang: 'en', ip: '1', files: [] },
  );
  const outcome = await t.services.recharge.credit(order.order_no, { method: 'paynow', amountMinor, currency: 'SGD', staffId: null });
  if (outcome !== 'credited') throw new Error(outcome);
  return order;
}

export async function balanceOf(t: TestApp, userId: number) {
  const r = (await t.services.db.execute(
    sql`select coalesce((select balance_minor from ledger_accounts where user_id = ${userId}), 0)::bigint as b`,
  )) as unknown as { rows: { b: string | number }[] };
  return Number(r.rows[0].b);
}

export async function count(t: TestApp, table: string) {
  const r = (await t.services.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return r.rows[0].n;
}

export const key = () => `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** A valid 1x1 PNG. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Asserts an answer carries every amount as Money ({ amount_minor: <int>, currency: 'SGD' | 'RMB' }): no flat
 * `*_minor` key outside a Money object and no decimal-string amount ("12.30") anywhere. Returns how many
 * Money objects it saw (at least one).
 */
export function expectMoneyOnly(answer: unknown): number {
  let seen = 0;
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (typeof v === 'string') {
      expect(/^[+-]?\d+\.\d{2}$/.test(v), `${path} is a decimal-string amount: ${v}`).toBe(false);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort();
    if (keys.includes('amount_minor')) {
      expect(keys, `${path} is a Money object`).toEqual(['amount_minor', 'currency']);
      expect(Number.isInteger(o.amount_minor), `${path}.amount_minor is an integer`).toBe(true);
      expect(['SGD', 'RMB'], `${path}.currency`).toContain(o.currency);
      seen++;
      return;
    }
    for (const k of keys) {
      expect(k.endsWith('_minor'), `${path}.${k} is a flat minor-unit amount`).toBe(false);
      walk(o[k], `${path}.${k}`);
    }
  };
  walk(answer, 'data');
  expect(seen, 'the answer carries Money').toBeGreaterThan(0);
  return seen;
}
