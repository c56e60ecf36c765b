import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryKv } from './kv.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('MemoryKv', () => {
  it('setIfAbsent holds a key for its lifetime only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const kv = new MemoryKv();
    expect(await kv.setIfAbsent('nonce:a', 600)).toBe(true);
    expect(await kv.setIfAbsent('nonce:a', 600)).toBe(false);
    vi.setSystemTime(1_000_000 + 599_999);
    expect(await kv.setIfAbsent('nonce:a', 600)).toBe(false);
    vi.setSystemTime(1_000_000 + 600_000);
    expect(await kv.setIfAbsent('nonce:a', 600)).toBe(true);
  });

  it('increment counts within the window and reports the seconds left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000_000);
    const kv = new MemoryKv();
    expect(await kv.increment('ip:1', 60)).toEqual({ count: 1, ttl: 60 });
    vi.setSystemTime(5_000_000 + 20_500);
    expect(await kv.increment('ip:1', 60)).toEqual({ count: 2, ttl: 40 });
    vi.setSystemTime(5_000_000 + 60_000);
    expect(await kv.increment('ip:1', 60)).toEqual({ count: 1, ttl: 60 });
  });

  it('sweeps expired entries by time, so memory stays bounded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(10_000_000);
    const kv = new MemoryKv();
    for (let i = 0; i < 5000; i++) await kv.setIfAbsent(`nonce:${i}`, 1);
    expect(kv.size).toBe(5000);
    vi.setSystemTime(10_000_000 + 6_000);
    await kv.setIfAbsent('nonce:new', 1);
    expect(kv.size).toBe(1);
  });
});

// The shared store of a multi-server deployment. Runs when REDIS_URL is set (.ci/run sets it).
describe.runIf(!!process.env.REDIS_URL)('RedisKv (REDIS_URL)', () => {
  const prefix = `pinyou-test-${process.pid}-${Date.now()}:`;

  it('behaves like the memory store: set-if-absent, counting windows, delete', async () => {
    const { RedisKv } = await import('./kv.ts');
    const a = new RedisKv(process.env.REDIS_URL!, prefix);
    const b = new RedisKv(process.env.REDIS_URL!, prefix);
    try {
      // Two servers share one nonce space: what one saw, the other refuses.
      expect(await a.setIfAbsent('nonce:x', 60)).toBe(true);
      expect(await b.setIfAbsent('nonce:x', 60)).toBe(false);
      expect(await a.increment('ip:1', 60)).toMatchObject({ count: 1 });
      expect(await b.increment('ip:1', 60)).toMatchObject({ count: 2 });
      const { ttl } = await a.increment('ip:1', 60);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
      expect(await b.count('ip:1')).toMatchObject({ count: 3 });
      expect(await b.count('never-set')).toEqual({ count: 0, ttl: 0 });
      await b.delete('nonce:x');
      expect(await a.setIfAbsent('nonce:x', 60)).toBe(true);
      await a.delete('nonce:x');
      await a.delete('ip:1');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
