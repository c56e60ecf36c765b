import { sessionTtlDays, staffSessionTtlHours, type Role } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { newToken, sha256Hex } from '../../core/crypto.ts';
import type { Ctx, SessionLookup } from '../../core/http.ts';
import * as repo from './account.repository.ts';

export interface IssuedSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
}

/** Opaque random tokens; only their SHA-256 is stored, so a leaked table grants nothing. */
export class SessionService {
  constructor(private readonly db: Db) {}

  readonly tokenHash = sha256Hex;

  async issueForUser(
    tx: Tx,
    userId: number,
    role: Role,
    ctx: Pick<Ctx, 'ip' | 'userAgent'>,
    actingLeaderId: number | null = null,
  ): Promise<IssuedSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + sessionTtlDays * 86_400_000);
    const { id } = await repo.insertSession(tx, {
      tokenHash: sha256Hex(token),
      userId,
      role,
      actingLeaderId,
      expiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 255),
    });
    await repo.updateUser(tx, userId, { lastLoginAt: new Date() });
    return { token, sessionId: id, expiresAt };
  }

  async issueForStaff(tx: Tx, staffId: number, staffRole: string, ctx: Pick<Ctx, 'ip' | 'userAgent'>): Promise<IssuedSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + staffSessionTtlHours * 3_600_000);
    const { id } = await repo.insertSession(tx, {
      tokenHash: sha256Hex(token),
      staffId,
      role: staffRole,
      expiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 255),
    });
    return { token, sessionId: id, expiresAt };
  }

  lookup = async (tokenHash: string): Promise<SessionLookup> => {
    const row = await repo.findSessionByTokenHash(this.db, tokenHash);
    if (!row) return { status: 'unknown' };
    if (row.revokedAt || row.userDisabled) return { status: 'revoked' };
    if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
    return {
      status: 'ok',
      expiresAt: row.expiresAt,
      session: {
        id: row.id,
        userId: row.userId,
        staffId: row.staffId,
        role: row.role,
        actingLeaderId: row.actingLeaderId,
        staffRole: row.staffId ? row.role : null,
      },
    };
  };

  revoke(sessionId: number) {
    return repo.revokeSession(this.db, sessionId);
  }
}
