import { Redis } from 'ioredis';

/**
 * The small shared state the protocol needs (seen nonces, rate-limit counters). In memory for one
 * process; Redis when REDIS_URL is set, so several servers behind a load balancer share it.
 */
export interface Kv {
  /** Sets the key if absent; true when this call set it. */
  setIfAbsent(key: string, ttlSeconds: number): Promise<boolean>;
  /** Increments a counter that lives ttlSeconds from its first increment; returns the new count and seconds left. */
  increment(key: string, ttlSeconds: number): Promise<{ count: number; ttl: number }>;
  delete(key: string): Promise<void>;
  /** A counter's value and seconds left, without counting (0 when absent). */
  count(key: string): Promise<{ count: number; ttl: number }>;
  close(): Promise<void>;
}

export class MemoryKv implements Kv {
  private readonly entries = new Map<string, { value: number; expires: number }>();
  private nextSweep = 0;

  private live(key: string, now: number) {
    const e = this.entries.get(key);
    if (e && e.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /**
   * Drops expired entries at most every few seconds. By time, not by count of calls: a sweep walks every
   * entry, and a busy server holds millions of nonces, so sweeping every N calls would cost more the busier it is.
   */
  private maybeSweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 5_000;
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
  }

  async setIfAbsent(key: string, ttlSeconds: number) {
    const now = Date.now();
    this.maybeSweep(now);
    if (this.live(key, now)) return false;
    this.entries.set(key, { value: 1, expires: now + ttlSeconds * 1000 });
    return true;
  }

  async increment(key: string, ttlSeconds: number) {
    const now = Date.now();
    this.maybeSweep(now);
    const e = this.live(key, now);
    if (e) {
      e.value += 1;
      return { count: e.value, ttl: Math.ceil((e.expires - now) / 1000) };
    }
    this.entries.set(key, { value: 1, expires: now + ttlSeconds * 1000 });
    return { count: 1, ttl: ttlSeconds };
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  async count(key: string) {
    const now = Date.now();
    const e = this.live(key, now);
    return e ? { count: e.value, ttl: Math.ceil((e.expires - now) / 1000) } : { count: 0, ttl: 0 };
  }

  /** Entries held, live or expired but not yet swept (tests). */
  get size() {
    return this.entries.size;
  }

  async close() {
    this.entries.clear();
  }
}

export class RedisKv implements Kv {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'pinyou:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }
  async setIfAbsent(key: string, ttlSeconds: number) {
    return (await this.redis.set(this.prefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
  }
  async increment(key: string, ttlSeconds: number) {
    const k = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).ttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.expire(k, ttlSeconds);
    return { count, ttl: ttl < 0 ? ttlSeconds : ttl };
  }
  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async count(key: string) {
    const k = this.prefix + key;
    const [[, value], [, ttl]] = (await this.redis.multi().get(k).ttl(k).exec()) as [[null, string | null], [null, number]];
    return { count: Number(value ?? 0), ttl: Math.max(0, ttl) };
  }
  async close() {
    await this.redis.quit();
  }
}

/** Counts hits on a key within a window; throws nothing itself, the caller decides. */
export async function hitLimit(kv: Kv, key: string, limit: number, windowSeconds: number) {
  const { count, ttl } = await kv.increment(`rl:${key}`, windowSeconds);
  return { allowed: count <= limit, retryAfter: ttl, count };
}
