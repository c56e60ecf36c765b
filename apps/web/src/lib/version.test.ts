import { describe, expect, it, vi } from 'vitest';
import { createStorage } from './storage.ts';
import { createVersionCheck } from './version.ts';

const backend = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

describe('version check', () => {
  it('stores the first version, warns once on a change, stores the new one and reloads on confirm', async () => {
    const storage = createStorage({ backend: backend() });
    let confirm!: () => void;
    const warn = vi.fn(() => new Promise<void>((r) => (confirm = r)));
    const reload = vi.fn();
    const check = createVersionCheck({ storage, warn, reload });
    check('1.0.0+a');
    check('1.0.0+a');
    expect(warn).not.toHaveBeenCalled();
    expect(storage.get('VERSION')).toBe('1.0.0+a');
    check('1.0.0+b');
    check('1.0.0+b');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(storage.get('VERSION')).toBe('1.0.0+a');
    confirm();
    await new Promise((r) => setTimeout(r, 0));
    expect(storage.get('VERSION')).toBe('1.0.0+b');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
