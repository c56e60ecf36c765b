import { describe, expect, it } from 'vitest';
import { keptJsonText, VersionedCache } from './versioned-cache.ts';

describe('VersionedCache', () => {
  it('answers only under the version the value was stored with', () => {
    const c = new VersionedCache<string>(10);
    c.set('a', 3, 'page at 3');
    expect(c.get('a', 3)).toBe('page at 3');
    expect(c.get('a', 4)).toBeUndefined();
    // A miss on a newer version drops the old value: it can never answer again.
    expect(c.get('a', 3)).toBeUndefined();
    expect(c.get('b', 3)).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const c = new VersionedCache<number>(2);
    c.set('a', 1, 1);
    c.set('b', 1, 2);
    expect(c.get('a', 1)).toBe(1); // a is now the most recent
    c.set('c', 1, 3);
    expect(c.size).toBe(2);
    expect(c.get('b', 1)).toBeUndefined();
    expect(c.get('a', 1)).toBe(1);
    expect(c.get('c', 1)).toBe(3);
  });

  it('hands out what it stores frozen, so no caller can change the next answer', () => {
    const c = new VersionedCache<{ list: Array<{ n: number }> }>(1);
    c.set('a', 1, { list: [{ n: 1 }] });
    const hit = c.get('a', 1)!;
    expect(() => hit.list.push({ n: 2 })).toThrow(TypeError);
    expect(() => (hit.list[0].n = 2)).toThrow(TypeError);
    expect(c.get('a', 1)).toEqual({ list: [{ n: 1 }] });
  });

  it('keeps nothing with capacity 0', () => {
    const c = new VersionedCache<number>(0);
    c.set('a', 1, 1);
    expect(c.enabled).toBe(false);
    expect(c.get('a', 1)).toBeUndefined();
  });

  it('writes a kept value as JSON once, and nothing else', () => {
    const c = new VersionedCache<{ list: Array<{ n: number; at: Date }> }>(2);
    const page = { list: [{ n: 1, at: new Date(0) }] };
    expect(keptJsonText(page)).toBeUndefined();
    c.set('a', 1, page);
    const text = keptJsonText(c.get('a', 1));
    expect(text).toBe(JSON.stringify({ list: [{ n: 1, at: new Date(0) }] }));
    expect(keptJsonText(c.get('a', 1))).toBe(text);
    // A copy, a part of it, or a primitive was never kept.
    expect(keptJsonText({ ...page })).toBeUndefined();
    expect(keptJsonText(page.list)).toBeUndefined();
    expect(keptJsonText('a')).toBeUndefined();
    expect(keptJsonText(null)).toBeUndefined();
  });
});
