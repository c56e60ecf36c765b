import { describe, expect, it } from 'vitest';
import { createStorage } from './storage.ts';
import { createStorageCipher } from './storage-cipher.ts';

function memoryBackend() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('storage wrapper', () => {
  it('stores content with an expiry; 0 means none', () => {
    const backend = memoryBackend();
    const s = createStorage({ backend, now: () => 1000 });
    s.set('TOKEN', 'abc');
    expect(JSON.parse(backend.m.get('TOKEN')!)).toEqual({ content: 'abc', expire: 0 });
    expect(s.get('TOKEN')).toBe('abc');
  });

  it('removes an expired entry when it is read', () => {
    const backend = memoryBackend();
    let now = 1_000_000;
    const s = createStorage({ backend, now: () => now });
    s.set('X', { a: 1 }, 60);
    expect(s.get('X')).toEqual({ a: 1 });
    now += 60_000;
    expect(s.get('X')).toBeNull();
    expect(backend.m.has('X')).toBe(false);
  });

  it('encrypts when a cipher is set, and drops tampered or plain values', () => {
    const backend = memoryBackend();
    const s = createStorage({ backend, cipher: createStorageCipher('key-1') });
    s.set('USERINFO', { user_id: 7 });
    const raw = backend.m.get('USERINFO')!;
    expect(raw.startsWith('enc:')).toBe(true);
    expect(raw).not.toContain('user_id');
    expect(s.get('USERINFO')).toEqual({ user_id: 7 });
    backend.m.set('USERINFO', raw.slice(0, -2) + (raw.endsWith('00') ? '11' : '00'));
    expect(s.get('USERINFO')).toBeNull();
    backend.m.set('PLAIN', JSON.stringify({ content: 1, expire: 0 }));
    expect(s.get('PLAIN')).toBeNull();
    const other = createStorage({ backend, cipher: createStorageCipher('key-2') });
    s.set('A', 'secret');
    expect(other.get('A')).toBeNull();
  });
});
