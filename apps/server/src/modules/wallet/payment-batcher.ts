/**
 * Gathers requests that arrive while earlier ones are still being written, so several can share one database
 * transaction (one round trip to lock, one to write and commit) instead of two round trips and a commit each.
 *
 * Nothing waits for a batch to fill: a request starts at once (next turn of the event loop, with the others of this
 * turn) while fewer than `maxInFlight` batches are running; only when they all are does it queue, and the queue
 * becomes the next batch as soon as one ends.
 * So a quiet server runs every request alone, as before, and a busy one spends less per request.
 *
 * `fits(batch, next)` keeps a request out of a batch it would conflict with inside one transaction (the same payer
 * twice, a shared bill); it waits for a later batch. The first request of the queue always starts a batch.
 * `run` settles every entry it is given (its own result or error); an error it throws settles the rest with it.
 */
export interface BatchEntry<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

export interface MicroBatcherOptions<T, R> {
  maxSize: number;
  maxInFlight: number;
  fits: (batch: readonly T[], next: T) => boolean;
  run: (entries: BatchEntry<T, R>[]) => Promise<void>;
}

export class MicroBatcher<T, R> {
  private readonly queue: BatchEntry<T, R>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly opts: MicroBatcherOptions<T, R>) {
    if (opts.maxSize < 1 || opts.maxInFlight < 1) throw new Error('MicroBatcher: maxSize and maxInFlight must be at least 1');
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Requests waiting for a batch, and batches running (for tests and health). */
  get load() {
    return { queued: this.queue.length, inFlight: this.inFlight };
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.opts.maxInFlight || !this.queue.length) return;
    this.scheduled = true;
    // The rest of this turn's arrivals (requests parsed from the same socket reads) join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.inFlight < this.opts.maxInFlight && this.queue.length) {
      const batch = this.take();
      this.inFlight++;
      this.opts
        .run(batch)
        .catch((e: unknown) => {
          for (const entry of batch) entry.reject(e);
        })
        .finally(() => {
          this.inFlight--;
          // What queued meanwhile goes at once: waiting a turn of the event loop here cost serial payments (one
          // payer's, or PGlite's one transaction at a time) about half their rate.
          this.flush();
        });
    }
  }

  /** The oldest request, then later ones that fit with it, in arrival order; the rest keep their places. */
  private take(): BatchEntry<T, R>[] {
    const batch = [this.queue[0]];
    const items = [this.queue[0].item];
    const left: BatchEntry<T, R>[] = [];
    for (let i = 1; i < this.queue.length; i++) {
      const entry = this.queue[i];
      if (batch.length < this.opts.maxSize && this.opts.fits(items, entry.item)) {
        batch.push(entry);
        items.push(entry.item);
      } else left.push(entry);
    }
    this.queue.length = 0;
    this.queue.push(...left);
    return batch;
  }
}
