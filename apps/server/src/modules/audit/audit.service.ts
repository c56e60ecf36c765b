import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { PipelineAuditEntry } from '../../core/http.ts';
import { requestContext } from '../../core/request-context.ts';
import { auditLog } from './audit.schema.ts';
import type { AuditPort, AuditRecord } from './audit.port.ts';

/** A staff member's account name by id (null when gone). */
export type StaffAccountOf = (tx: Tx, staffId: number) => Promise<string | null>;

const SECRET_KEYS = /pass(word)?|secret|token|code$/i;
const MAX_JSON_CHARS = 16_000;

/** Input as the log keeps it: secrets replaced, file contents never (the pipeline passes fields only), size capped. */
export function redact(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.slice(0, 200).map((x) => redact(x, depth + 1));
  if (v && typeof v === 'object' && depth < 6) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEYS.test(k) && x !== undefined && x !== '' ? '***' : redact(x, depth + 1);
    return out;
  }
  return typeof v === 'string' && v.length > 2000 ? `${v.slice(0, 2000)}…` : v;
}

function capped(v: unknown) {
  if (v === undefined) return null;
  const text = JSON.stringify(v);
  return text.length > MAX_JSON_CHARS ? { truncated: text.slice(0, MAX_JSON_CHARS) } : v;
}

/** The object a call is about, from its input: the first id-like field (`user_id` → user 12; `id` → the call's noun). */
export function objectOf(action: string, input: Record<string, unknown>): { type: string; id: string } {
  for (const [k, v] of Object.entries(input)) {
    if (!(k === 'id' || k.endsWith('_id') || k.endsWith('_ids')) || v === undefined || v === null) continue;
    const noun = action.split('/').pop() ?? action;
    const type =
      k === 'id'
        ? noun.replace(/^(admin)?/, '').replace(/(Save|Delete|Update|Create|Reveal|Review|Sent|Done|Issued|Confirm|Advance|Measure)$/, '')
        : k.replace(/_ids?$/, '');
    return { type: type.toLowerCase(), id: (Array.isArray(v) ? v.join(',') : String(v)).slice(0, 200) };
  }
  return { type: '', id: '' };
}

export class AuditService implements AuditPort {
  constructor(
    private readonly db: Db,
    private readonly staffAccountOf: StaffAccountOf,
  ) {}

  /** The request pipeline's row for one staff write. */
  pipelineEntry = async (e: PipelineAuditEntry) => {
    const obj = objectOf(e.action, e.input);
    const account = e.session.staffId ? await this.staffAccountOf(this.db, e.session.staffId) : null;
    await this.db.insert(auditLog).values({
      staffId: e.session.staffId,
      staffAccount: account ?? '',
      staffRole: e.session.staffRole ?? '',
      action: e.action,
      path: e.path,
      objectType: obj.type,
      objectId: obj.id,
      after: capped(redact(e.input)),
      outcome: e.outcome,
      requestId: e.requestId,
      ip: e.ip,
    });
  };

  async record(tx: Tx, entry: AuditRecord) {
    const rc = requestContext.getStore();
    const s = rc?.session;
    const account = s?.staffId ? await this.staffAccountOf(tx, s.staffId) : null;
    await tx.insert(auditLog).values({
      staffId: s?.staffId ?? null,
      staffAccount: account ?? '',
      staffRole: s?.staffRole ?? '',
      action: entry.action,
      objectType: entry.objectType,
      objectId: String(entry.objectId),
      before: capped(redact(entry.before)),
      after: capped(redact(entry.after)),
      outcome: -1,
      requestId: rc?.requestId ?? '',
      ip: rc?.ip ?? '',
    });
  }

  async list(q: {
    page: number;
    page_size: number;
    staff_id?: number;
    action?: string;
    object_type?: string;
    object_id?: string;
    from?: string;
    to?: string;
  }) {
    const conds: (SQL | undefined)[] = [
      q.staff_id ? eq(auditLog.staffId, q.staff_id) : undefined,
      q.action ? sql`${auditLog.action} ilike ${`%${q.action.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
      q.object_type ? eq(auditLog.objectType, q.object_type) : undefined,
      q.object_id ? eq(auditLog.objectId, q.object_id) : undefined,
      q.from ? gte(auditLog.at, new Date(q.from)) : undefined,
      // A bare date as the end means the whole of that day.
      q.to ? lte(auditLog.at, new Date(q.to.length === 10 ? `${q.to}T23:59:59.999Z` : q.to)) : undefined,
    ];
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        staff_id: r.staffId,
        staff_account: r.staffAccount,
        staff_role: r.staffRole,
        action: r.action,
        path: r.path,
        object_type: r.objectType,
        object_id: r.objectId,
        before: r.before ?? null,
        after: r.after ?? null,
        outcome: r.outcome,
        request_id: r.requestId,
        ip: r.ip,
      })),
      total: n,
      page: q.page,
      page_size: q.page_size,
    };
  }
}
