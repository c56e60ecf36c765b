import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff write: one row per call the request pipeline saw (input and outcome), and rows services add
 * through the AuditPort with the object's state before and after, inside the write's own transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id'),
    staffAccount: text('staff_account').notNull().default(''),
    staffRole: text('staff_role').notNull().default(''),
    action: text('action').notNull(),
    path: text('path').notNull().default(''),
    objectType: text('object_type').notNull().default(''),
    objectId: text('object_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The envelope code the call ended with (0 done); -1 for a service's detail row. */
    outcome: integer('outcome').notNull().default(0),
    requestId: text('request_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
  ],
);
