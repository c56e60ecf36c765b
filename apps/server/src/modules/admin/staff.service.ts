import type { StaffRole } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../core/crypto.ts';
import { hitLimit, type Kv } from '../../core/kv.ts';
import type { Ctx } from '../../core/http.ts';
import { staffStore, type OutboxRow, type StaffRow } from '../system/index.ts';
import { accountStaffReads as accountRepo, toAddress, type AccountService, type SessionService } from '../account/index.ts';
import type { AuditPort } from '../audit/index.ts';

const toStaff = (s: StaffRow) => ({ id: s.id, account: s.account, name: s.name, role: s.role as StaffRole });
const toStaffRow = (s: StaffRow) => ({ ...toStaff(s), disabled: s.disabled, created_at: s.createdAt.toISOString() });

/** Verification codes are 6 digits (rules.code6): any run of 4–8 digits in a message is shown masked. */
export const maskCodes = (body: string) => body.replace(/(?<!\d)\d{4,8}(?!\d)/g, (m) => '•'.repeat(m.length));

const toOutbox = (r: OutboxRow, reveal: boolean) => {
  const masked = reveal ? r.body : maskCodes(r.body);
  return {
    id: r.id,
    channel: r.channel as 'sms' | 'email' | 'wechat' | 'whatsapp' | 'telegram',
    to: r.to,
    subject: r.subject,
    body: masked,
    masked: masked !== r.body,
    provider: r.provider,
    status: r.status,
    form: r.form,
    created_at: r.createdAt.toISOString(),
  };
};

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly kv: Kv,
    private readonly sessions: SessionService,
    private readonly accounts: AccountService,
    private readonly audit: AuditPort,
    /** Staff log-ins allowed per address per 15 minutes (STAFF_LOGIN_LIMIT). */
    private readonly loginLimit = 20,
  ) {}

  /** The seeded `admin`; ADMIN_PASSWORD given at start-up is always its password. */
  async ensureAdmin(password: string, resetPassword: boolean) {
    const existing = await staffStore.findByAccount(this.db, 'admin');
    if (!existing) {
      await staffStore.insert(this.db, {
        account: 'admin',
        name: 'Administrator',
        role: 'admin',
        passwordHash: await hashPassword(password),
      });
    } else if (resetPassword && !(await verifyPassword(password, existing.passwordHash))) {
      await staffStore.update(this.db, existing.id, { passwordHash: await hashPassword(password) });
    }
  }

  async createStaff(account: string, name: string, role: StaffRole, password: string) {
    return staffStore.insert(this.db, { account, name, role, passwordHash: await hashPassword(password) });
  }

  async login(account: string, password: string, ctx: Ctx) {
    const limit = await hitLimit(this.kv, `stafflogin:${ctx.ip}`, this.loginLimit, 900);
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', { retryAfter: limit.retryAfter });
    const row = await staffStore.findByAccount(this.db, account);
    if (!row) {
      await burnPasswordCheck(password);
      throw new DomainError('BAD_CREDENTIALS');
    }
    if (!(await verifyPassword(password, row.passwordHash))) throw new DomainError('BAD_CREDENTIALS');
    if (row.disabled) throw new DomainError('ACCOUNT_DISABLED');
    const s = await this.sessions.issueForStaff(this.db, row.id, row.role, ctx);
    return { token: s.token, staff: toStaff(row), expires_at: s.expiresAt.toISOString() };
  }

  async me(staffId: number) {
    const row = await staffStore.findById(this.db, staffId);
    if (!row) throw new DomainError('LOGIN_REQUIRED');
    return toStaff(row);
  }

  async outbox(q: { page: number; page_size: number; channel?: string; to?: string }) {
    const { rows, total: n } = await staffStore.outboxPage(this.db, q);
    return {
      list: rows.map((r) => toOutbox(r, false)),
      total: n,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async users(q: { page: number; page_size: number; keyword?: string }) {
    const { rows, total: n } = await accountRepo.findUsersPage(this.db, q);
    return {
      list: rows.map((u) => ({
        user_id: u.id,
        user_account: u.userAccount,
        nickname: u.nickname,
        phone: u.phone ?? '',
        email: u.email ?? '',
        roles: u.roles as ('user' | 'leader' | 'member' | 'pickup')[],
        disabled: u.disabled,
        wechat_bound: !!u.wechatOpenid,
        created_at: u.createdAt.toISOString(),
        last_login_at: u.lastLoginAt?.toISOString() ?? null,
      })),
      total: n,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async userDetail(userId: number) {
    const u = await accountRepo.findUserById(this.db, userId);
    if (!u) throw new DomainError('OBJECT_NOT_FOUND');
    const [info, addrs, linked, sessions] = await Promise.all([
      this.accounts.toUserInfo(u, 'user'),
      accountRepo.findAddressesByOwner(this.db, userId),
      accountRepo.findLinkedUsers(this.db, userId),
      accountRepo.countLiveSessionsOfUser(this.db, userId),
    ]);
    return {
      user: { ...info, disabled: u.disabled, last_login_at: u.lastLoginAt?.toISOString() ?? null },
      addresses: addrs.map(toAddress),
      linked: linked.map((l) => ({ user_id: l.id, user_account: l.userAccount })),
      sessions,
    };
  }

  async setUserDisabled(userId: number, disabled: boolean) {
    const u = await accountRepo.findUserById(this.db, userId);
    if (!u) throw new DomainError('OBJECT_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      await accountRepo.updateUser(tx, userId, { disabled });
      if (disabled) await accountRepo.revokeUserSessions(tx, userId);
      await this.audit.record(tx, {
        action: 'admin/setUserDisabled',
        objectType: 'user',
        objectId: userId,
        before: { user_account: u.userAccount, disabled: u.disabled },
        after: { user_account: u.userAccount, disabled },
      });
    });
    return {};
  }

  /** One message unmasked, for administrators; the reveal is written to the audit log in the same transaction. */
  async revealOutbox(id: number) {
    return this.db.transaction(async (tx) => {
      const row = await staffStore.outboxById(tx, id);
      if (!row) throw new DomainError('OBJECT_NOT_FOUND');
      await this.audit.record(tx, {
        action: 'admin/outboxReveal',
        objectType: 'outbox',
        objectId: id,
        after: { to: row.to, channel: row.channel },
      });
      return toOutbox(row, true);
    });
  }

  /** Wrong guesses are limited like log-ins: the open session must not become a way to guess the password. */
  private async checkCurrentPassword(staffId: number, password: string, hash: string) {
    const key = `rl:staffpwcheck:${staffId}`;
    const tried = await this.kv.count(key);
    if (tried.count >= 5) throw new DomainError('RATE_LIMITED', { retryAfter: tried.ttl });
    if (!(await verifyPassword(password, hash))) {
      await this.kv.increment(key, 900);
      throw new DomainError('OLD_PASSWORD_WRONG');
    }
  }

  async staffList(q: { page: number; page_size: number; keyword?: string }) {
    const { rows, total: n } = await staffStore.page(this.db, q);
    return { list: rows.map(toStaffRow), total: n, page: q.page, page_size: q.page_size };
  }

  async staffCreate(input: { account: string; name: string; role: StaffRole; password: string }) {
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const row = await staffStore.insert(tx, { account: input.account, name: input.name, role: input.role, passwordHash });
      if (!row) throw new DomainError('ACCOUNT_EXISTS');
      await this.audit.record(tx, { action: 'admin/staffCreate', objectType: 'staff', objectId: row.id, after: toStaffRow(row) });
      return toStaffRow(row);
    });
  }

  /**
   * A role change applies to the staff member's open sessions at once (the session cache hears the row
   * change); disabling ends them. An administrator cannot demote or disable themself, nor can the last
   * active administrator be demoted or disabled by anyone: the last way in stays. Changing one's own
   * password needs the current one (a session left open must not be enough to take the account over).
   */
  async staffUpdate(
    actorId: number,
    input: { id: number; name?: string; role?: StaffRole; disabled?: boolean; password?: string; current_password?: string },
  ) {
    if (input.id === actorId && ((input.role && input.role !== 'admin') || input.disabled)) throw new DomainError('FORBIDDEN');
    const ownPassword = input.id === actorId && !!input.password;
    if (ownPassword && !input.current_password) throw new ValidationError('rule.required', { field: 'current_password' });
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return this.db.transaction(async (tx) => {
      // Locked first, in id order, so two administrators demoting each other at once cannot both succeed.
      const activeAdmins = input.role !== undefined || input.disabled ? await staffStore.lockActiveAdminIds(tx) : [];
      const before = await staffStore.findById(tx, input.id, true);
      if (!before) throw new DomainError('OBJECT_NOT_FOUND');
      if (ownPassword) await this.checkCurrentPassword(actorId, input.current_password!, before.passwordHash);
      const staysActiveAdmin = (input.role ?? before.role) === 'admin' && !(input.disabled ?? before.disabled);
      if (activeAdmins.includes(before.id) && !staysActiveAdmin && activeAdmins.every((id) => id === before.id))
        throw new DomainError('LAST_ADMIN');
      const after = (await staffStore.update(tx, input.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role ? { role: input.role } : {}),
        ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      }))!;
      if (after.disabled || passwordHash) await accountRepo.updateLiveStaffSessions(tx, input.id, { revoke: true });
      else if (after.role !== before.role) await accountRepo.updateLiveStaffSessions(tx, input.id, { role: after.role });
      await this.audit.record(tx, {
        action: 'admin/staffUpdate',
        objectType: 'staff',
        objectId: input.id,
        before: toStaffRow(before),
        after: { ...toStaffRow(after), password_changed: !!passwordHash },
      });
      return toStaffRow(after);
    });
  }
}
