/**
 * PostgreSQL ends one of two transactions that wait on each other (deadlock_detected, 40P01) or that cannot be
 * serialised (40001). Nothing the ended one wrote stays, so running it again is safe and is what the server does
 * before it tells anyone.
 */
export function isTransientTxError(e: unknown): boolean {
  let c = e as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && c; i++) {
    if (c.code === '40P01' || c.code === '40001') return true;
    c = c.cause as typeof c;
  }
  return false;
}

/** Runs a whole transaction again (up to `tries` times, after a short random wait) when the database ended it as transient. */
export async function retryTransient<T>(run: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= tries || !isTransientTxError(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
