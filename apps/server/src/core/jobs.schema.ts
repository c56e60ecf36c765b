import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The durable job queue (core/job-queue.ts). Rows stay after they finish, for a week, as a record. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** waiting → running → done | failed (a failed try with tries left goes back to waiting, later). */
    status: text('status').notNull().default('waiting'),
    attempt: integer('attempt').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** At most one waiting or running job per key. */
    singletonKey: text('singleton_key'),
    /** A recurring job's slot (`name@slotISO`): unique for ever, so each slot runs once across instances. */
    slotKey: text('slot_key'),
    /** A running job whose instance died is claimed again after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_uq')
      .on(t.singletonKey)
      .where(sql`${t.status} in ('waiting', 'running')`),
    uniqueIndex('jobs_slot_uq').on(t.slotKey),
  ],
);
