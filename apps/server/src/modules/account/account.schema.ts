import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userAccount: text('user_account').notNull(),
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** Roles the user holds; the session picks the active one. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['user']::text[]`),
    language: text('language').notNull().default('zh_CN'),
    groupId: integer('group_id'),
    examineStatus: integer('examine_status').notNull().default(0),
    canApplyGroup: boolean('can_apply_group').notNull().default(true),
    isAutoPay: boolean('is_auto_pay').notNull().default(false),
    referrerId: integer('referrer_id'),
    wechatOpenid: text('wechat_openid'),
    wechatUnionid: text('wechat_unionid'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the person agreed to the terms of service and privacy policy at registration, and which version. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    /**
     * Account and nickname in lower case, for a search box's "contains, any case" (membership.port.ts): one
     * LIKE on a stored column instead of two ILIKEs that fold the case of both texts on every row. A separator no
     * one types (unit separator) keeps a match inside one.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(user_account) || chr(31) || lower(nickname)`),
  },
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.userAccount})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_openid_uq').on(t.wechatOpenid),
    index('users_referrer_idx').on(t.referrerId),
    // Trigrams (pg_trgm, migration 0015) answer "contains" from the index: without it a leader's member search
    // reads every user's row for the few that match. fastupdate off: new entries go into the index itself, not a
    // pending list every search reads through until a vacuum (PGlite has no autovacuum); accounts change rarely.
    index('users_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
  ],
);

/** Sessions of customers and staff. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id'),
    staffId: integer('staff_id'),
    role: text('role').notNull(),
    /** Set when a leader acts as one of the group's members: the leader's own user id. */
    actingLeaderId: integer('acting_leader_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Verification codes; only a hash of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('codes_target_idx').on(t.target, t.createdAt), index('codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Accounts a person switches between: one row per direction, written only by the side that proved the other's credentials. */
export const accountLinks = pgTable(
  'account_links',
  {
    userId: integer('user_id').notNull(),
    linkedUserId: integer('linked_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.linkedUserId] })],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull(),
    postcode: text('postcode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  staffId: integer('staff_id'),
  purpose: text('purpose').notNull(),
  fileName: text('file_name').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
