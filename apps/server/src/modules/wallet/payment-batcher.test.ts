import { describe, expect, it } from 'vitest';
import { MicroBatcher, type BatchEntry } from './payment-batcher.ts';

/** A batcher whose batches stay open until the test lets them end, recording each batch's items. */
function gated(opts: { maxSize: number; maxInFlight: number; fits?: (batch: readonly number[], next: number) => boolean }) {
  const batches: number[][] = [];
  const open: (() => void)[] = [];
  const batcher = new MicroBatcher<number, string>({
    ...opts,
    fits: opts.fits ?? (() => true),
    run: async (entries: BatchEntry<number, string>[]) => {
      batches.push(entries.map((e) => e.item));
      await new Promise<void>((resolve) => open.push(resolve));
      if (entries.some((e) => e.item < 0)) throw new Error(`refused ${entries.map((e) => e.item).join(',')}`);
      for (const e of entries) e.resolve(`done ${e.item}`);
    },
  });
  // Two turns of the event loop: a batch's end schedules the next flush a few promise steps after its last result.
  const turn = async () => {
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
  };
  return { batcher, batches, endNext: () => open.shift()!(), turn };
}

describe('MicroBatcher', () => {
  it('runs a lone request at once, and gathers those arriving while the batches in flight run', async () => {
    const { batcher, batches, endNext, turn } = gated({ maxSize: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    await turn();
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await turn();
    expect(batcher.load).toEqual({ queued: 3, inFlight: 1 });
    endNext();
    expect(await first).toBe('done 1');
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    endNext();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
    await turn();
    expect(batcher.load).toEqual({ queued: 0, inFlight: 0 });
  });

  it('keeps batches to the size, runs up to maxInFlight at once, and leaves what does not fit for a later batch', async () => {
    // Even and odd numbers never share a batch.
    const { batcher, batches, endNext, turn } = gated({ maxSize: 3, maxInFlight: 2, fits: (batch, next) => batch[0] % 2 === next % 2 });
    const all = [2, 4, 1, 6, 8, 3, 10].map((n) => batcher.submit(n));
    await turn();
    expect(batches).toEqual([
      [2, 4, 6],
      [1, 3],
    ]);
    expect(batcher.load).toEqual({ queued: 2, inFlight: 2 });
    endNext();
    await turn();
    expect(batches.at(-1)).toEqual([8, 10]);
    endNext();
    endNext();
    expect(await Promise.all(all)).toEqual([2, 4, 1, 6, 8, 3, 10].map((n) => `done ${n}`));
  });

  it('settles every request of a batch whose run throws with its error, and goes on with the next', async () => {
    const { batcher, endNext, turn } = gated({ maxSize: 5, maxInFlight: 1 });
    const refused = [7, -1].map((n) => batcher.submit(n).catch((e: Error) => e.message));
    await turn();
    const after = batcher.submit(9);
    endNext();
    expect(await Promise.all(refused)).toEqual(['refused 7,-1', 'refused 7,-1']);
    await turn();
    endNext();
    expect(await after).toBe('done 9');
  });
});
