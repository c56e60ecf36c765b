/**
 * One API: every staff call is under /api/admin/. The mall and leader-desk calls' old paths
 * (/admin/mall/..., /admin/groups/...) still answer, as aliases, for one release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { staffLogin } from '../test/fixtures.ts';

let t: TestApp;
let desk = '';

beforeAll(async () => {
  t = await createTestApp();
  desk = await staffLogin(t, 'admin', 'pathsadmin');
}, 60_000);
afterAll(() => t?.close());

describe('staff paths', () => {
  it('every staff console call of the catalogue is under /api/admin/', () => {
    const outside = allEndpoints()
      .filter((e) => e.def.auth === 'staff' && !e.def.path.startsWith('/api/admin/'))
      .map((e) => `${e.domain}.${e.name} ${e.def.path}`);
    expect(outside).toEqual([]);
  });

  it('the old /admin/mall and /admin/groups paths answer like the new ones', async () => {
    for (const def of [contract.groupsAdmin.adminLeaderApplications, contract.mallAdmin.adminMallSettings]) {
      expect(def.path.startsWith('/api/admin/')).toBe(true);
      const now = await t.call(def, {}, { token: desk });
      const old = await t.call({ ...def, path: def.path.replace(/^\/api/, '') }, {}, { token: desk });
      expect(now.code, now.msg).toBe(0);
      expect(old.code, old.msg).toBe(0);
      expect(old.data).toEqual(now.data);
      expect((await t.call({ ...def, path: def.path.replace(/^\/api/, '') }, {}, {})).code).toBe(Code.LOGIN_REQUIRED);
    }
  });
});
