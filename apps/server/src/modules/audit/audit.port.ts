import type { Tx } from '../../db/client.ts';

/** What a service adds to the audit log about an object it changed (inside its own transaction). */
export interface AuditRecord {
  action: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Services call `record(tx, …)` for the before/after detail of a staff write; the staff member, request id
 * and IP come from the request being served, so callers never pass them. Rolled back with the write.
 */
export interface AuditPort {
  record(tx: Tx, entry: AuditRecord): Promise<void>;
}

/** For a service built without the log (a unit test's own instance): records nothing. */
export const noAudit: AuditPort = { record: async () => undefined };
