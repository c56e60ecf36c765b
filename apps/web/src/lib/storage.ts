/** Storage keys of spec §3. */
export const StorageKey = {
  TOKEN: 'TOKEN',
  VERSION: 'VERSION',
  USERINFO: 'USERINFO',
  LANGUAGE: 'language',
  NEW_USER: 'NEW_USER',
  ROLE: 'ROLE',
  SYSTEMSETTING: 'SYSTEMSETTING',
  GROUP_ID: 'GROUP_ID',
  GROUP_NAME: 'GROUP_NAME',
  REFERRER_ID: 'REFERRER_ID',
  PLATFORM: 'platform',
  CLOCK_OFFSET: 'CLOCK_OFFSET',
  /** Sessions of the accounts used on this device (switching between linked accounts both ways). */
  DEVICE_ACCOUNTS: 'DEVICE_ACCOUNTS',
} as const;

interface Wrapped<T> {
  content: T;
  /** Epoch ms after which the entry is gone; 0 means never. */
  expire: number;
}

/** Seals stored text (see storage-cipher.ts); null from open() means the value cannot be trusted. */
export interface StorageCipher {
  seal(text: string): string;
  open(sealed: string): string | null;
}

export interface StorageOptions {
  backend?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** When set, values are stored encrypted. */
  cipher?: StorageCipher;
  now?: () => number;
}

/** The storage wrapper of spec §3: content plus expiry; expired entries are removed on read; optional encryption. */
export function createStorage(opts: StorageOptions = {}) {
  const backend = opts.backend ?? globalThis.localStorage;
  const now = opts.now ?? Date.now;
  let cipher = opts.cipher ?? null;

  const encode = (text: string) => (cipher ? `enc:${cipher.seal(text)}` : text);
  const decode = (raw: string): string | null => {
    if (!raw.startsWith('enc:')) return cipher ? null : raw;
    return cipher ? cipher.open(raw.slice(4)) : null;
  };

  return {
    /** Turns encryption on (the cipher is loaded only when configured, to keep it off the critical path). */
    useCipher(c: StorageCipher) {
      cipher = c;
    },
    set<T>(name: string, content: T, ttlSeconds = 0) {
      const wrapped: Wrapped<T> = { content, expire: ttlSeconds > 0 ? now() + ttlSeconds * 1000 : 0 };
      backend.setItem(name, encode(JSON.stringify(wrapped)));
    },
    get<T>(name: string): T | null {
      const raw = backend.getItem(name);
      if (raw === null) return null;
      const text = decode(raw);
      if (text === null) {
        backend.removeItem(name);
        return null;
      }
      try {
        const w = JSON.parse(text) as Wrapped<T>;
        if (w && typeof w === 'object' && 'expire' in w) {
          if (w.expire && w.expire <= now()) {
            backend.removeItem(name);
            return null;
          }
          return w.content;
        }
        return w as T;
      } catch {
        backend.removeItem(name);
        return null;
      }
    },
    remove(name: string) {
      backend.removeItem(name);
    },
  };
}

export type AppStorage = ReturnType<typeof createStorage>;
