import { describe, expect, it } from 'vitest';
import { isTransientTxError, retryTransient } from './transient-error.ts';

const deadlock = () =>
  Object.assign(new Error('query failed'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });

describe('transient transaction errors', () => {
  it('knows a deadlock and a serialisation failure, under a wrapper too, and nothing else', () => {
    expect(isTransientTxError(deadlock())).toBe(true);
    expect(isTransientTxError(Object.assign(new Error('x'), { code: '40001' }))).toBe(true);
    expect(isTransientTxError(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isTransientTxError(new Error('plain'))).toBe(false);
  });

  it('runs the transaction again after a deadlock, and gives up after the last try', async () => {
    let runs = 0;
    await expect(
      retryTransient(async () => {
        runs++;
        if (runs < 3) throw deadlock();
        return 'paid';
      }),
    ).resolves.toBe('paid');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryTransient(async () => {
        runs++;
        throw deadlock();
      }, 2),
    ).rejects.toThrow('query failed');
    expect(runs).toBe(2);

    runs = 0;
    await expect(
      retryTransient(async () => {
        runs++;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(runs).toBe(1);
  });
});
