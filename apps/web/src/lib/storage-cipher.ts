import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { StorageCipher } from './storage.ts';

const decoder = new TextDecoder();

/** XChaCha20-Poly1305 with a key derived from the configured text; a tampered value opens to null. */
export function createStorageCipher(keyText: string): StorageCipher {
  const key = sha256(utf8ToBytes(keyText));
  return {
    seal(text) {
      const nonce = new Uint8Array(24);
      globalThis.crypto.getRandomValues(nonce);
      return bytesToHex(nonce) + bytesToHex(xchacha20poly1305(key, nonce).encrypt(utf8ToBytes(text)));
    },
    open(sealed) {
      try {
        return decoder.decode(xchacha20poly1305(key, hexToBytes(sealed.slice(0, 48))).decrypt(hexToBytes(sealed.slice(48))));
      } catch {
        return null;
      }
    },
  };
}
