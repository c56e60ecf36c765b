import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../core/jobs.ts';
import { sessions, verificationCodes } from './account.schema.ts';

const DAY = 86_400_000;

/**
 * Expired codes and sessions are refused when read (their expiry is checked on every use); this only clears
 * the rows. Codes are kept two days past their expiry because the send limits count a day of them.
 */
export function registerAccountJobs(queue: JobQueue, db: Db, now: () => Date = () => new Date()) {
  queue.register('account.cleanup', async () => {
    const t = now().getTime();
    await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, new Date(t - 2 * DAY)));
    await db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, new Date(t - 30 * DAY)),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, new Date(t - 30 * DAY))),
        ),
      );
  });
  queue.schedule('account.cleanup', '7 * * * *');
}
