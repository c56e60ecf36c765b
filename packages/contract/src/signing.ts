import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The request-signing secret of a development install: the server's default (refused in production
 * unless ALLOW_DEV_SIGN_SECRET=1) and what the apps and tests sign with when none is configured.
 */
export const DEV_SIGN_SECRET = 'pinyou-dev-sign-secret-change-me';

/** Fields that carry the signature itself are never part of what is signed. */
export const SIGN_FIELD = 'sign';
export const TIMESTAMP_FIELD = 'timestamp';
export const NONCE_FIELD = 'nonce';
/** How far a request's timestamp may be from the server's clock, and how long a nonce is remembered. */
export const SIGN_WINDOW_SECONDS = 300;
export const NONCE_PATTERN = /^[A-Za-z0-9]{16,64}$/;

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The canonical string: every field but `sign` whose value is neither null/undefined nor '',
 * sorted by key in plain code-unit order, written key=value, joined with '&'.
 */
export function canonicalString(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((k) => k !== SIGN_FIELD && fields[k] !== null && fields[k] !== undefined && fields[k] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${valueText(fields[k])}`)
    .join('&');
}

/** Lowercase hex HMAC-SHA256 of the canonical string. Pure JS so it runs in any browser (no secure context needed). */
export function computeSign(fields: Record<string, unknown>, secret: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(canonicalString(fields))));
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function makeNonce(length = 24): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
  return out;
}

/** Adds timestamp, nonce and sign to a request's business fields. */
export function signFields<T extends Record<string, unknown>>(
  fields: T,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): T & { timestamp: number; nonce: string; sign: string } {
  const withMeta = { ...fields, timestamp: nowSeconds, nonce: makeNonce() };
  return { ...withMeta, sign: computeSign(withMeta, secret) };
}
