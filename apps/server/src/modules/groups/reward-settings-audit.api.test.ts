/**
 * Issue 34: opening Group batches reads the leader reward rate through a call that also sets it; the read
 * must write nothing to the audit log, while setting the rate is recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';

const GA = contract.groupsAdmin;
const AD = contract.admin;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const entries = async (token: string) =>
  (await ok(t.call(AD.auditList, { page: 1, page_size: 100 }, { token }))).list as { action: string; staff_id: number }[];

describe('reward settings and the audit log', () => {
  it('a read writes no audit entry; a change is recorded', async () => {
    const desk = await staffLogin(t, 'leader_desk', 'desk1');
    const admin = await staffLogin(t, 'admin', 'admin1');
    const before = await entries(admin);

    const read = await ok(t.call(GA.adminRewardSettings, {}, { token: desk }));
    expect(read.rate_per_cbm).toBeDefined();
    await ok(t.call(GA.adminRewardSettings, {}, { token: admin }));
    expect((await entries(admin)).length).toBe(before.length);

    await ok(t.call(GA.adminRewardSettings, { rate_per_cbm: '12.50' }, { token: desk }));
    const after = await entries(admin);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.some((e) => e.action.includes('reward-settings'))).toBe(true);
  });
});
