import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sessions, users } from '../db/schema.ts';
import { SessionCache } from './session-cache.ts';

/** The session cache switched on (tests default to off), checked through the real API and revocation paths. */
const A = contract.account;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '30' } });
  expect(t.sessionCache.enabled).toBe(true);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

async function login(name = 'wendy') {
  const res = await t.call(A.appletLogin, { code: `sandbox:${name}` });
  expect(res.code).toBe(0);
  return res.data.token as string;
}
const info = (token: string) => t.call(A.authInfo, {}, { token });
// PostgreSQL hands the NOTIFY to the listening connection a moment after commit; PGlite at once.
const eventually = (fn: () => Promise<void>) => vi.waitFor(fn, { timeout: 2000, interval: 10 });

describe('session cache', () => {
  it('serves repeated calls from memory', async () => {
    const token = await login();
    // Warm up until a lookup is served from memory (on PostgreSQL the login's own announcement of its
    // last-login update may arrive after the first lookup and keep that one from being stored).
    await eventually(async () => {
      const hits = t.sessionCache.stats.hits;
      expect((await info(token)).code).toBe(0);
      expect(t.sessionCache.stats.hits).toBe(hits + 1);
    });
    const before = { ...t.sessionCache.stats };
    for (let i = 0; i < 5; i++) expect((await info(token)).code).toBe(0);
    expect(t.sessionCache.stats.misses - before.misses).toBe(0);
    expect(t.sessionCache.stats.hits - before.hits).toBe(5);
  });

  it('logout ends the session', async () => {
    const token = await login();
    expect((await info(token)).code).toBe(0);
    expect((await t.call(A.unbind, {}, { token })).code).toBe(0);
    await eventually(async () => expect((await info(token)).code).toBe(Code.TOKEN_REVOKED));
  });

  it('a revocation written by any code, in a transaction, as another server would', async () => {
    const token = await login();
    expect((await info(token)).code).toBe(0);
    await t.database.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() });
      // Not committed yet: the session is still valid for everyone else. (PGlite has one connection,
      // so a second query would wait for this transaction: only PostgreSQL can show it.)
      if (t.database.kind === 'postgres') expect((await info(token)).code).toBe(0);
    });
    await eventually(async () => expect((await info(token)).status).toBe(401));
  });

  it('disabling the user ends all their sessions; other users are untouched', async () => {
    const a = await login('amy');
    const b = await login('ben');
    expect((await info(a)).code).toBe(0);
    expect((await info(b)).code).toBe(0);
    const [amy] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userAccount, (await info(a)).data.user_account));
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, amy.id));
    await eventually(async () => expect((await info(a)).code).toBe(Code.TOKEN_REVOKED));
    expect((await info(b)).code).toBe(0);
  });

  it('switching role retires the old token', async () => {
    const token = await login();
    await t.database.db.update(users).set({ roles: ['user', 'leader'], examineStatus: 1 });
    expect((await info(token)).code).toBe(0);
    const sw = await t.call(A.switchLogin, { role: 'leader' }, { token });
    expect(sw.code).toBe(0);
    await eventually(async () => expect((await info(token)).status).toBe(401));
    expect((await info(sw.data.token)).data.role).toBe('leader');
  });

  it('a cached session still expires on time', async () => {
    const now = Date.now();
    const session = { id: 1, userId: 1, staffId: null, role: 'user', actingLeaderId: null, staffRole: null };
    const source = vi.fn(async () => ({ status: 'ok' as const, session, expiresAt: new Date(now + 1000) }));
    const cache = await new SessionCache(source, 60_000).start(t.database);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      expect((await cache.lookup('h')).status).toBe('ok');
      vi.setSystemTime(now + 1500); // past the session's expiry, well within the cache's 60 s
      expect((await cache.lookup('h')).status).toBe('expired');
      expect(source).toHaveBeenCalledTimes(1);
    } finally {
      await cache.stop();
    }
  });

  it('another server instance (its own listener) drops the entry when this one revokes', async () => {
    const other = await new SessionCache(t.services.sessions.lookup, 30_000).start(t.database);
    try {
      const token = await login();
      const hash = t.services.sessions.tokenHash(token);
      // Until a lookup is served from memory (the login's own announcement may arrive after the first).
      await eventually(async () => {
        const hits = other.stats.hits;
        expect((await other.lookup(hash)).status).toBe('ok');
        expect(other.stats.hits).toBe(hits + 1);
      });
      expect((await t.call(A.unbind, {}, { token })).code).toBe(0);
      await eventually(async () => expect((await other.lookup(hash)).status).toBe('revoked'));
    } finally {
      await other.stop();
    }
  });

  it('a lookup that overlapped a change is not stored', async () => {
    const token = await login();
    const hash = t.services.sessions.tokenHash(token);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let markRead!: () => void;
    const read = new Promise<void>((r) => (markRead = r));
    const slow = new SessionCache(async (h) => {
      const found = await t.services.sessions.lookup(h); // reads the valid row…
      markRead();
      await gate; // …and is still on its way back when the revocation commits and is announced
      return found;
    }, 30_000);
    await slow.start(t.database);
    try {
      const pending = slow.lookup(hash);
      // The revocation must come after the read: on PostgreSQL the two run on different connections.
      await read;
      await t.database.db.update(sessions).set({ revokedAt: new Date() });
      await eventually(async () => expect(slow.stats.invalidations).toBeGreaterThan(0));
      release();
      expect((await pending).status).toBe('ok'); // it answered with what it read
      await t.database.db.execute(sql`select 1`);
      expect((await slow.lookup(hash)).status).toBe('revoked'); // but did not keep it
    } finally {
      await slow.stop();
    }
  });
});

describe('user rows behind authInfo', () => {
  it('are served from memory and refreshed when any code changes the user', async () => {
    const token = await login('nora');
    const first = await info(token);
    expect(first.code).toBe(0);
    const userId = first.data.user_id as number;
    // A change written behind the service's back (another server, a console edit, a migration):
    await t.database.db.update(users).set({ nickname: 'Changed elsewhere' }).where(eq(users.id, userId));
    await eventually(async () => expect((await info(token)).data.nickname).toBe('Changed elsewhere'));
    // And through the API, which the same user sees at once in the answer and soon after in authInfo.
    const upd = await t.call(A.updateUserInfo, { nickname: 'Nora' }, { token });
    expect(upd.data.nickname).toBe('Nora');
    await eventually(async () => expect((await info(token)).data.nickname).toBe('Nora'));
  });

  it('are not read from the database on repeated calls', async () => {
    const token = await login('olga');
    await eventually(async () => {
      const hits = t.sessionCache.stats.userHits;
      await info(token);
      expect(t.sessionCache.stats.userHits).toBe(hits + 1);
    });
    const spy = vi.spyOn(t.services.account, 'requireUser');
    for (let i = 0; i < 5; i++) expect((await info(token)).code).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
