import { createHmac, randomBytes } from 'node:crypto';
import { isEmail, isSgMobile, TERMS_VERSION, type Language, type Role, type UserInfo } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import { AVATAR_REF, type UploadService } from './upload.service.ts';
import { burnPasswordCheck, hashPassword, safeEqualHex, verifyPassword } from '../../core/crypto.ts';
import { hitLimit, type Kv } from '../../core/kv.ts';
import type { Ctx } from '../../core/http.ts';
import type { WechatProvider } from '../../providers/wechat.provider.ts';
import * as repo from './account.repository.ts';
import type { UserRow } from './account.repository.ts';
import type { SessionService } from './session.service.ts';
import type { Channel, Purpose, VerificationService } from './verification.service.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

const REGISTER_TOKEN_TTL = 1800;

type Identifier = { kind: 'phone' | 'email' | 'account'; value: string };

/** ID, Singapore mobile or e-mail: an ID always starts with a letter, so the three never collide. */
export function identify(account: string): Identifier {
  const v = account.trim();
  if (isSgMobile(v)) return { kind: 'phone', value: v };
  if (v.includes('@')) return { kind: 'email', value: v.toLowerCase() };
  return { kind: 'account', value: v };
}

/** Extra user-info fields other modules own (the group name, for one). */
export type UserInfoExtras = (user: UserRow) => Promise<Partial<UserInfo>>;

/** Wrong passwords an account takes before it locks, and for how long (from the first wrong one). */
export const LOGIN_GUESS_CAP = 10;
export const LOGIN_LOCK_SECONDS = 900;
const loginGuessKey = (userId: number | null, identifier: string) =>
  userId ? `login:guess:user:${userId}` : `login:guess:unknown:${identifier.toLowerCase()}`;
const sgtTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', hour: '2-digit', minute: '2-digit', hour12: false }).format(d);

export class AccountService {
  private cachedRow: (<T>(userId: number, load: () => Promise<T>) => Promise<T>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly kv: Kv,
    private readonly sessions: SessionService,
    private readonly codes: VerificationService,
    private readonly wechat: WechatProvider,
    private readonly signSecret: string,
    private readonly uploads: UploadService,
    /** Fields later modules own (groups: the group's name), passed in where the modules are built. */
    private readonly extras: UserInfoExtras = async () => ({}),
  ) {}

  /** A cache of user rows kept fresh by the database's change announcements (core/session-cache.ts). */
  setUserRowCache(cache: <T>(userId: number, load: () => Promise<T>) => Promise<T>) {
    this.cachedRow = cache;
  }

  /** User info for authInfo, the most frequent call: the row may come from the cache. */
  async sessionUserInfo(userId: number, ctx: Ctx): Promise<UserInfo> {
    const load = () => this.requireUser(this.db, userId);
    const user = this.cachedRow ? await this.cachedRow(userId, load) : await load();
    return this.toUserInfo(user, (ctx.session?.role as Role) ?? 'user', !!ctx.session?.actingLeaderId);
  }

  /** The customer roles the user holds (for endpoint definitions that name roles); from the row cache. */
  async heldRoles(userId: number): Promise<readonly string[]> {
    const load = () => this.requireUser(this.db, userId);
    const user = this.cachedRow ? await this.cachedRow(userId, load) : await load();
    return user.disabled ? [] : (user.roles as string[]);
  }

  // ---- register token (stateless, signed) ----

  registerToken() {
    const payload = Buffer.from(
      JSON.stringify({ exp: Math.floor(Date.now() / 1000) + REGISTER_TOKEN_TTL, n: randomBytes(8).toString('hex') }),
    ).toString('base64url');
    const mac = createHmac('sha256', this.signSecret).update(`rt.${payload}`).digest('hex');
    return { register_token: `${payload}.${mac}`, expires_in: REGISTER_TOKEN_TTL };
  }

  private checkRegisterToken(token: string) {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) throw new DomainError('REGISTER_TOKEN_INVALID');
    const expected = createHmac('sha256', this.signSecret).update(`rt.${payload}`).digest('hex');
    if (!safeEqualHex(expected, mac)) throw new DomainError('REGISTER_TOKEN_INVALID');
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
    if (exp < Date.now() / 1000) throw new DomainError('REGISTER_TOKEN_INVALID');
  }

  // ---- user info ----

  async requireUser(tx: Tx, id: number) {
    const user = await repo.findUserById(tx, id);
    if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
    return user;
  }

  async userInfo(userId: number, ctx: Ctx): Promise<UserInfo> {
    const user = await this.requireUser(this.db, userId);
    return this.toUserInfo(user, (ctx.session?.role as Role) ?? 'user', !!ctx.session?.actingLeaderId);
  }

  async toUserInfo(u: UserRow, role: Role, memberSession = false): Promise<UserInfo> {
    const base: UserInfo = {
      user_id: u.id,
      user_account: u.userAccount,
      nickname: u.nickname,
      avatar: u.avatar,
      phone: u.phone ?? '',
      email: u.email ?? '',
      role,
      roles: u.roles as Role[],
      group_id: u.groupId,
      group_name: '',
      examine_status: u.examineStatus,
      can_apply_group: u.canApplyGroup,
      is_auto_pay: u.isAutoPay,
      referrer_id: u.referrerId,
      has_password: !!u.passwordHash,
      wechat_bound: !!u.wechatOpenid,
      is_member_session: memberSession,
      authorized: !!(u.nickname && u.avatar),
      language: u.language === 'en' ? 'en' : 'zh_CN',
      created_at: u.createdAt.toISOString(),
    };
    return { ...base, ...(await this.extras(u)) };
  }

  private async loginResult(tx: Tx, user: UserRow, ctx: Ctx, newUser: boolean, role?: Role) {
    if (user.disabled) throw new DomainError('ACCOUNT_DISABLED');
    const activeRole = role ?? this.defaultRole(user);
    const s = await this.sessions.issueForUser(tx, user.id, activeRole, ctx);
    return { token: s.token, new_user: newUser ? 1 : 0, role: activeRole, expires_at: s.expiresAt.toISOString() };
  }

  private defaultRole(user: UserRow): Role {
    const roles = user.roles as Role[];
    return roles.includes('leader') && user.examineStatus === 1 ? 'leader' : (roles[0] ?? 'user');
  }

  // ---- codes ----

  async sendCode(channel: Channel, target: string, purpose: Purpose, ctx: Ctx) {
    const existing = channel === 'sms' ? await repo.findUserByPhone(this.db, target) : await repo.findUserByEmail(this.db, target);
    if (purpose === 'register' && existing) throw new DomainError(channel === 'sms' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
    if ((purpose === 'login' || purpose === 'reset') && !existing) throw new DomainError('ACCOUNT_NOT_FOUND');
    if (purpose === 'bind') {
      if (!ctx.session?.userId) throw new DomainError('LOGIN_REQUIRED');
      if (existing && existing.id !== ctx.session.userId) throw new DomainError(channel === 'sms' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
    }
    return this.codes.send(channel, target, purpose, ctx.ip, ctx.lang);
  }

  // ---- register / login ----

  async register(
    input: {
      register_token: string;
      user_account: string;
      phone?: string;
      email?: string;
      code: string;
      password: string;
      referrer_id?: number;
      language?: Language;
      agree_terms?: boolean;
    },
    ctx: Ctx,
  ) {
    this.checkRegisterToken(input.register_token);
    if (input.agree_terms !== true) throw new DomainError('TERMS_NOT_ACCEPTED');
    // Checked before the code is used up, so the person can register again without the referrer.
    const referrer = input.referrer_id ? await repo.findUserById(this.db, input.referrer_id) : null;
    if (input.referrer_id && !referrer) throw new DomainError('REFERRER_NOT_FOUND', { referrerId: input.referrer_id });
    if (await repo.findUserByAccount(this.db, input.user_account)) throw new DomainError('ACCOUNT_EXISTS');
    if (input.phone && (await repo.findUserByPhone(this.db, input.phone))) throw new DomainError('PHONE_TAKEN');
    if (input.email && (await repo.findUserByEmail(this.db, input.email))) throw new DomainError('EMAIL_TAKEN');
    // The code proves the phone (or, with no phone, the e-mail) the account is registered with.
    const target = input.phone ?? input.email!;
    await this.codes.consume(target, 'register', input.code);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          userAccount: input.user_account,
          phone: input.phone ?? null,
          email: input.email ?? null,
          passwordHash,
          nickname: input.user_account,
          language: input.language ?? ctx.lang,
          referrerId: referrer?.id ?? null,
          termsAcceptedAt: new Date(),
          termsVersion: TERMS_VERSION,
        });
        return this.loginResult(tx, user, ctx, true);
      });
    } catch (e) {
      if (isUniqueViolation(e, 'users_account')) throw new DomainError('ACCOUNT_EXISTS');
      if (isUniqueViolation(e, 'users_phone')) throw new DomainError('PHONE_TAKEN');
      if (isUniqueViolation(e, 'users_email')) throw new DomainError('EMAIL_TAKEN');
      throw e;
    }
  }

  private async findByIdentifier(tx: Tx, id: Identifier) {
    if (id.kind === 'phone') return repo.findUserByPhone(tx, id.value);
    if (id.kind === 'email') return repo.findUserByEmail(tx, id.value);
    return repo.findUserByAccount(tx, id.value);
  }

  /**
   * Password check with brute-force limits per account and per IP. The per-account count is keyed by the
   * user, whatever identifier (ID, phone, e-mail) names it, and each check takes its slot atomically
   * (increment, then compare) before the password is looked at: 50 guesses at once see at most the cap checked.
   */
  private async checkCredentials(account: string, password: string, ctx: Ctx): Promise<UserRow> {
    const id = identify(account);
    const perIp = await hitLimit(this.kv, `login:ip:${ctx.ip}`, 60, 900);
    if (!perIp.allowed) throw new DomainError('RATE_LIMITED', { retryAfter: perIp.retryAfter });
    const user = await this.findByIdentifier(this.db, id);
    // Unknown identifiers lock the same way, so a lock tells nothing about which accounts exist.
    const key = loginGuessKey(user?.id ?? null, id.value);
    const slot = await this.kv.increment(key, LOGIN_LOCK_SECONDS);
    if (slot.count > LOGIN_GUESS_CAP) {
      const until = new Date(Date.now() + slot.ttl * 1000);
      throw new DomainError(
        'ACCOUNT_LOCKED',
        { until: sgtTime(until), retryAfter: slot.ttl },
        { retry_after: slot.ttl, until: until.toISOString() },
      );
    }
    const passwordOk = user ? await verifyPassword(password, user.passwordHash) : (await burnPasswordCheck(password), false);
    if (!user || !passwordOk) throw new DomainError('BAD_CREDENTIALS');
    // A right password gives its slot back: only wrong guesses count towards the lock.
    await this.kv.delete(key);
    if (user.disabled) throw new DomainError('ACCOUNT_DISABLED');
    return user;
  }

  async login(input: { account: string; password?: string; code?: string }, ctx: Ctx) {
    let user: UserRow;
    if (input.password) {
      user = await this.checkCredentials(input.account, input.password, ctx);
    } else {
      const id = identify(input.account);
      if (id.kind === 'account')
        throw new DomainError('VALIDATION', {
          detail: ctx.lang === 'en' ? 'Log in with a code using your phone or e-mail' : '验证码登录请使用手机号或邮箱',
        });
      const found = await this.findByIdentifier(this.db, id);
      if (!found) throw new DomainError('ACCOUNT_NOT_FOUND');
      await this.codes.consume(id.value, 'login', input.code!);
      user = found;
    }
    return this.db.transaction((tx) => this.loginResult(tx, user, ctx, false));
  }

  async logout(ctx: Ctx) {
    if (ctx.session) await this.sessions.revoke(ctx.session.id);
    return {};
  }

  async updateUserInfo(userId: number, input: { nickname?: string; avatar?: string; language?: Language }, ctx: Ctx) {
    const values: Partial<UserRow> = {};
    if (input.nickname !== undefined) values.nickname = input.nickname;
    if (input.avatar !== undefined) {
      // Only an image this user uploaded as an avatar (or none): never someone else's file or an outside URL.
      if (input.avatar && !(await this.uploads.isOwnAvatar(userId, input.avatar)))
        throw new ValidationError('rule.avatarUpload', { field: 'avatar' });
      values.avatar = input.avatar;
    }
    if (input.language !== undefined) values.language = input.language;
    if (Object.keys(values).length) await repo.updateUser(this.db, userId, values);
    return this.userInfo(userId, ctx);
  }

  async editPassword(input: { account?: string; code?: string; old_password?: string; password: string }, ctx: Ctx) {
    const hash = await hashPassword(input.password);
    if (input.code) {
      // Forgotten password: the code sent to the phone or e-mail proves the owner.
      if (!input.account)
        throw new DomainError('VALIDATION', { detail: ctx.lang === 'en' ? 'Please enter your phone or e-mail' : '请输入手机号或邮箱' });
      const id = identify(input.account);
      if (id.kind === 'account')
        throw new DomainError('VALIDATION', { detail: ctx.lang === 'en' ? 'Please enter your phone or e-mail' : '请输入手机号或邮箱' });
      const user = await this.findByIdentifier(this.db, id);
      if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
      await this.codes.consume(id.value, 'reset', input.code);
      // Resetting by code always works, and ends a password lock.
      await this.kv.delete(loginGuessKey(user.id, id.value));
      await this.db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash: hash });
        await repo.revokeUserSessions(tx, user.id);
      });
      return {};
    }
    const userId = ctx.session?.userId;
    if (!userId) throw new DomainError('LOGIN_REQUIRED');
    const user = await this.requireUser(this.db, userId);
    if (user.passwordHash && !(await verifyPassword(input.old_password ?? '', user.passwordHash)))
      throw new DomainError('OLD_PASSWORD_WRONG');
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, userId, { passwordHash: hash });
      await repo.revokeUserSessions(tx, userId, ctx.session!.id);
    });
    return {};
  }

  async switchRole(userId: number, role: Role, ctx: Ctx) {
    const user = await this.requireUser(this.db, userId);
    if (!(user.roles as Role[]).includes(role)) throw new DomainError('ROLE_NOT_HELD');
    // A new session for the new role; the old one ends, so a stale tab cannot keep acting in the old role.
    return this.db.transaction(async (tx) => {
      await repo.revokeSession(tx, ctx.session!.id);
      return this.loginResult(tx, user, ctx, false, role);
    });
  }

  async bindContact(userId: number, channel: Channel, target: string, code: string, ctx: Ctx) {
    const other = channel === 'sms' ? await repo.findUserByPhone(this.db, target) : await repo.findUserByEmail(this.db, target);
    if (other && other.id !== userId) throw new DomainError(channel === 'sms' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
    await this.codes.consume(target, 'bind', code);
    try {
      await repo.updateUser(this.db, userId, channel === 'sms' ? { phone: target } : { email: target });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(channel === 'sms' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
      throw e;
    }
    return this.userInfo(userId, ctx);
  }

  // ---- linked accounts ----

  async linkedAccounts(userId: number) {
    const linked = await repo.findLinkedUsers(this.db, userId);
    const me = await this.requireUser(this.db, userId);
    const row = (u: UserRow, current: boolean) => ({
      user_id: u.id,
      user_account: u.userAccount,
      nickname: u.nickname,
      avatar: u.avatar,
      role: this.defaultRole(u),
      current,
    });
    return { list: [row(me, true), ...linked.map((u) => row(u, false))] };
  }

  async addLinkedAccount(userId: number, account: string, password: string, ctx: Ctx) {
    const other = await this.checkCredentials(account, password, ctx);
    if (other.id === userId) throw new DomainError('CANNOT_LINK_SELF');
    if (await repo.isLinked(this.db, userId, other.id)) throw new DomainError('ACCOUNT_ALREADY_LINKED');
    await repo.insertLink(this.db, userId, other.id);
    return this.linkedAccounts(userId);
  }

  async switchToLinked(userId: number, otherId: number, ctx: Ctx) {
    if (!(await repo.isLinked(this.db, userId, otherId))) throw new DomainError('FORBIDDEN');
    const other = await this.requireUser(this.db, otherId);
    if (other.disabled) throw new DomainError('ACCOUNT_DISABLED');
    // The session switched from stays valid: the device keeps both, so the way back is one tap with no
    // password there. The link itself stays one-way (the other account gains no way into this one).
    return this.db.transaction(async (tx) => this.loginResult(tx, other, ctx, false));
  }

  async removeLinked(userId: number, otherId: number) {
    if (!(await repo.isLinked(this.db, userId, otherId))) throw new DomainError('OBJECT_NOT_FOUND');
    await repo.deleteLink(this.db, userId, otherId);
    return this.linkedAccounts(userId);
  }

  // ---- WeChat ----

  private async wechatIdentity(code: string) {
    const identity = await this.wechat.exchangeCode(code);
    if (!identity) throw new DomainError('WECHAT_LOGIN_FAILED');
    return identity;
  }

  /**
   * WeChat sign-up creates the account on first use. The app asks for the terms and privacy consent before
   * it goes to WeChat and says so with agree_terms, stored like registration's; a consent given later by an
   * account that has none is stored then. (Callers that do not send it still log in: §6's call has no such field.)
   */
  async wechatLogin(code: string, ctx: Ctx, profile?: { nickname: string; avatar: string }, referrerId?: number, agreeTerms = false) {
    const identity = await this.wechatIdentity(code);
    return this.db.transaction(async (tx) => {
      let user = await repo.findUserByOpenid(tx, identity.openid);
      const isNew = !user;
      let referrerUnknown = false;
      if (!user) {
        const referrer = referrerId ? await repo.findUserById(tx, referrerId) : null;
        // A login cannot be refused for a stale share link: the account is made without it, and the answer says so.
        referrerUnknown = !!referrerId && !referrer;
        user = await repo.insertUser(tx, {
          userAccount: `wx${randomBytes(5).toString('hex')}`,
          wechatOpenid: identity.openid,
          wechatUnionid: identity.unionid,
          nickname: profile?.nickname ?? '',
          avatar: profile?.avatar && AVATAR_REF.test(profile.avatar) ? profile.avatar : '',
          language: ctx.lang,
          referrerId: referrer?.id ?? null,
        });
      } else if (profile) {
        user = await repo.updateUser(tx, user.id, profile);
      }
      if (agreeTerms && !user.termsAcceptedAt)
        user = await repo.updateUser(tx, user.id, { termsAcceptedAt: new Date(), termsVersion: TERMS_VERSION });
      const result = await this.loginResult(tx, user, ctx, isNew);
      return referrerUnknown ? { ...result, referrer_unknown: true } : result;
    });
  }

  /** Moves this session's WeChat identity to an existing account and logs in to it. */
  async bindOldAccount(userId: number, account: string, password: string, ctx: Ctx) {
    const current = await this.requireUser(this.db, userId);
    if (!current.wechatOpenid) throw new DomainError('WECHAT_LOGIN_FAILED');
    const target = await this.checkCredentials(account, password, ctx);
    if (target.id === current.id) throw new DomainError('CANNOT_LINK_SELF');
    if (target.wechatOpenid && target.wechatOpenid !== current.wechatOpenid) throw new DomainError('WECHAT_ALREADY_BOUND');
    return this.db.transaction(async (tx) => {
      const openid = current.wechatOpenid!;
      const shell = !current.passwordHash && !current.phone && !current.email;
      await repo.updateUser(tx, current.id, { wechatOpenid: null, wechatUnionid: null, ...(shell ? { disabled: true } : {}) });
      await repo.revokeUserSessions(tx, current.id);
      const bound = await repo.updateUser(tx, target.id, { wechatOpenid: openid, wechatUnionid: current.wechatUnionid });
      return this.loginResult(tx, bound, ctx, false);
    });
  }
}

export { isEmail };
