import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalString, computeSign, makeNonce, NONCE_PATTERN, signFields } from './signing.ts';

/**
 * The protocol written out a second time, as an outside client would from the documentation,
 * so the shipped implementation is checked against the rule and not against itself.
 */
function referenceCanonical(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of Object.keys(fields).sort()) {
    const value = fields[key];
    if (key === 'sign' || value === null || value === undefined || value === '') continue;
    parts.push(key + '=' + (typeof value === 'string' ? value : JSON.stringify(value)));
  }
  return parts.join('&');
}
const referenceSign = (fields: Record<string, unknown>, secret: string) =>
  createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(referenceCanonical(fields), 'utf8'))
    .digest('hex');

const scalar = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme-ascii' }),
  fc.constantFrom('', '拼邮', '0', 'a=b&c=d', ' '),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 4 }) },
);
// Keys include upper case, digits, '_' and non-ASCII so the sort order is exercised, and 'sign' itself.
const key = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }),
  fc.constantFrom('sign', 'Sign', 'a', 'B', '_x', 'é', '拼', 'timestamp', 'nonce'),
);
const fieldsArb = fc.dictionary(key, value, { maxKeys: 12 });
const secretArb = fc.string({ unit: 'binary', minLength: 16, maxLength: 64 });

describe('canonical string and sign', () => {
  it('match an independent node:crypto computation for any fields', () => {
    fc.assert(
      fc.property(fieldsArb, secretArb, (fields, secret) => {
        expect(canonicalString(fields)).toBe(referenceCanonical(fields));
        const sign = computeSign(fields, secret);
        expect(sign).toMatch(/^[0-9a-f]{64}$/);
        expect(sign).toBe(referenceSign(fields, secret));
      }),
      { numRuns: 500 },
    );
  });

  it('ignore sign, null, undefined and empty values, and nothing else', () => {
    fc.assert(
      fc.property(fieldsArb, secretArb, fc.constantFrom(null, undefined, ''), (fields, secret, nothing) => {
        const base = computeSign(fields, secret);
        expect(computeSign({ ...fields, sign: 'whatever' }, secret)).toBe(base);
        const extraKey = 'zz_extra_field';
        expect(computeSign({ ...fields, [extraKey]: nothing }, secret)).toBe(base);
        expect(computeSign({ ...fields, [extraKey]: 0 }, secret)).not.toBe(base);
      }),
    );
  });

  it('do not depend on the order the fields were written in', () => {
    fc.assert(
      fc.property(fieldsArb, secretArb, (fields, secret) => {
        const reversed = Object.fromEntries(Object.entries(fields).reverse());
        expect(computeSign(reversed, secret)).toBe(computeSign(fields, secret));
      }),
    );
  });

  // Pinned vector: outside clients implement this by hand, so the exact bytes may never change.
  it('reproduce the pinned test vector', () => {
    const fields = {
      page: 1,
      goods_name: '拼邮 socks',
      B: true,
      _x: [1, 'a'],
      obj: { k: null },
      empty: '',
      gone: null,
      timestamp: 1700000000,
      nonce: 'AbCdEfGh12345678',
      sign: 'ignored',
    };
    expect(canonicalString(fields)).toBe(
      'B=true&_x=[1,"a"]&goods_name=拼邮 socks&nonce=AbCdEfGh12345678&obj={"k":null}&page=1&timestamp=1700000000',
    );
    expect(computeSign(fields, 'test-sign-secret-0123456789')).toBe('657871f95ea2eeb9bef1a9372efa65b61b9cb0b1f1c48570a12c1eb124e7669b');
  });
});

describe('nonce and signFields', () => {
  it('nonces match the protocol pattern and do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = makeNonce();
      expect(n).toMatch(NONCE_PATTERN);
      seen.add(n);
    }
    expect(seen.size).toBe(2000);
    expect(makeNonce(16)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(makeNonce(64)).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(NONCE_PATTERN.test('a'.repeat(15))).toBe(false);
    expect(NONCE_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(NONCE_PATTERN.test('abcdefghijklmno-')).toBe(false);
  });

  it('signFields adds an integer timestamp, a nonce and the sign over all of it', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }).filter((k) => !['sign', 'timestamp', 'nonce'].includes(k)),
          value,
        ),
        secretArb,
        (fields, secret) => {
          const signed = signFields(fields, secret, 1_700_000_123);
          expect(signed.timestamp).toBe(1_700_000_123);
          expect(signed.nonce).toMatch(NONCE_PATTERN);
          expect(signed.sign).toBe(referenceSign({ ...fields, timestamp: 1_700_000_123, nonce: signed.nonce }, secret));
        },
      ),
    );
    const now = Math.floor(Date.now() / 1000);
    const { timestamp } = signFields({}, 'x'.repeat(16));
    expect(Number.isInteger(timestamp)).toBe(true);
    expect(Math.abs(timestamp - now)).toBeLessThanOrEqual(1);
  });
});
