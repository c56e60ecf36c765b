import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Session, SessionLookup } from './http.ts';

const CHANNEL = 'pinyou_session_changed';

/**
 * Triggers that announce every change that can end a session: a session row updated (revoked, role or
 * expiry changed) or deleted, a user disabled or deleted, either table truncated. They fire whatever code
 * made the change, and PostgreSQL delivers the NOTIFY to every listening server only after the change commits.
 */
const TRIGGER_SQL = [
  `create or replace function pinyou_session_notify() returns trigger language plpgsql as $$
begin
  if TG_OP = 'TRUNCATE' then
    perform pg_notify('${CHANNEL}', '*');
  elsif TG_TABLE_NAME = 'sessions' then
    perform pg_notify('${CHANNEL}', 't:' || OLD.token_hash);
  elsif TG_OP = 'DELETE' or NEW.disabled is distinct from OLD.disabled then
    perform pg_notify('${CHANNEL}', 'd:' || OLD.id::text);
  else
    perform pg_notify('${CHANNEL}', 'u:' || OLD.id::text);
  end if;
  return null;
end $$`,
  `create or replace trigger pinyou_sessions_changed after update or delete on sessions for each row execute function pinyou_session_notify()`,
  `create or replace trigger pinyou_sessions_truncated after truncate on sessions for each statement execute function pinyou_session_notify()`,
  `drop trigger if exists pinyou_users_disabled on users`,
  // Any change to a user row: disabling ends its sessions, and cached user rows (user info) must refresh.
  `create or replace trigger pinyou_users_changed after update or delete on users for each row execute function pinyou_session_notify()`,
  `create or replace trigger pinyou_users_truncated after truncate on users for each statement execute function pinyou_session_notify()`,
];

interface Entry {
  session: Session;
  expiresAt: number;
  /** Kept at most this long even without a notification: bounds memory and any missed message. */
  until: number;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Session lookups kept in memory for a short time, so a logged-in call does not read the session table.
 *
 * Correctness: an entry is dropped as soon as the database announces a change to its session or user
 * (triggers above, delivered after commit to every server instance that listens). A lookup that was
 * already reading the database when any announcement arrived is not stored, so an old row read just before a
 * revocation committed cannot be cached after the revocation's message. Only valid sessions are cached,
 * expiry is checked on every hit, and if the listening connection fails the cache empties and switches off.
 * What remains: a revocation takes effect on a server when the message arrives (milliseconds after commit),
 * like a request that was already in flight.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** User rows (what user info is built from), under the same announcements and rules as sessions. */
  private readonly users = new Map<number, { row: unknown; until: number }>();
  private generation = 0;
  private active = false;
  private unlisten: (() => Promise<void>) | null = null;
  readonly stats = { hits: 0, misses: 0, invalidations: 0, userHits: 0 };

  constructor(
    private readonly source: (tokenHash: string) => Promise<SessionLookup>,
    private readonly ttlMs: number,
    private readonly log?: Logger,
    private readonly maxEntries = 100_000,
  ) {}

  /** Installs the triggers and starts listening; with ttl 0, or if either fails, every lookup goes to the database. */
  async start(database: Database): Promise<this> {
    if (this.ttlMs <= 0) return this;
    try {
      // Serialized: servers starting together would otherwise replace the same function at once and fail.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
        for (const statement of TRIGGER_SQL) await tx.execute(sql.raw(statement));
      });
      this.unlisten = await database.listen(
        CHANNEL,
        (payload) => this.onChange(payload),
        (err) => this.disable(err),
      );
      this.active = true;
    } catch (err) {
      this.disable(err as Error);
    }
    return this;
  }

  get enabled() {
    return this.active;
  }

  async stop() {
    this.active = false;
    this.entries.clear();
    this.users.clear();
    const u = this.unlisten;
    this.unlisten = null;
    if (u) await u();
  }

  lookup = async (tokenHash: string): Promise<SessionLookup> => {
    if (!this.active) return this.source(tokenHash);
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit) {
      if (hit.until > now) {
        this.stats.hits++;
        if (hit.expiresAt <= now) return { status: 'expired' };
        return { status: 'ok', session: { ...hit.session } };
      }
      this.entries.delete(tokenHash);
    }
    this.stats.misses++;
    const generation = this.generation;
    const found = await this.source(tokenHash);
    if (found.status === 'ok' && found.expiresAt && this.active && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(tokenHash, { session: { ...found.session }, expiresAt: found.expiresAt.getTime(), until: now + this.ttlMs });
    }
    return found;
  };

  /** A user's row from memory, or from `load` (then kept) when caching is on and nothing changed meanwhile. */
  async user<T>(userId: number, load: () => Promise<T>): Promise<T> {
    if (!this.active) return load();
    const now = Date.now();
    const hit = this.users.get(userId);
    if (hit && hit.until > now) {
      this.stats.userHits++;
      return hit.row as T;
    }
    const generation = this.generation;
    const row = await load();
    if (row && this.active && generation === this.generation) {
      if (this.users.size >= this.maxEntries) this.users.delete(this.users.keys().next().value!);
      this.users.set(userId, { row, until: now + this.ttlMs });
    }
    return row;
  }

  private onChange(payload: string) {
    this.generation++;
    this.stats.invalidations++;
    if (payload === '*') {
      this.users.clear();
      return this.entries.clear();
    }
    if (payload.startsWith('t:')) {
      this.entries.delete(payload.slice(2));
    } else if (payload.startsWith('d:')) {
      // Disabled or deleted: its sessions end too.
      const userId = Number(payload.slice(2));
      this.users.delete(userId);
      for (const [k, e] of this.entries) if (e.session.userId === userId) this.entries.delete(k);
    } else if (payload.startsWith('u:')) {
      this.users.delete(Number(payload.slice(2)));
    } else {
      this.entries.clear();
      this.users.clear();
    }
  }

  private disable(err: Error) {
    this.generation++;
    if (this.active || !this.unlisten) this.log?.warn({ err }, 'session cache off: every session lookup reads the database');
    this.active = false;
    this.entries.clear();
    this.users.clear();
  }
}
