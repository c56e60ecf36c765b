import { EventEmitter } from 'node:events';
import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountDirectory } from '../account/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { SettingsService } from '../system/index.ts';
import type { AuditPort } from '../audit/index.ts';
import { supportConversations, supportMessages } from './content.schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

type ConvRow = typeof supportConversations.$inferSelect;
type MsgRow = typeof supportMessages.$inferSelect;
type Status = 'waiting' | 'assigned' | 'closed';

/** A customer who has not looked at the chat for this long is "away": a reply also notifies them. */
const AWAY_MS = 60_000;

const toMessage = (m: MsgRow) => ({ id: m.id, sender: m.sender as 'customer', body: m.body, created_at: m.createdAt.toISOString() });

const statusWord: Record<string, { en: string; zh_CN: string }> = {
  closed: { en: 'closed', zh_CN: '关闭' },
  assigned: { en: 'taken by a colleague', zh_CN: '被其他客服接待' },
  waiting: { en: 'waiting', zh_CN: '等待中' },
};

/** Human support: conversations handed over by the assistant or opened by the customer, answered by 'service' staff. */
export class SupportService {
  /** Wakes a customer's waiting long poll when staff write to (or change) their conversation; one process. */
  private readonly wake = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly staffName: (staffId: number) => Promise<string>,
    private notifications: NotificationsPort | null,
    private readonly audit: AuditPort | null = null,
  ) {}

  /** A staff move of a conversation, as the audit log keeps it (its status and who has it). */
  private async record(tx: Tx, action: `admin/support/${string}`, c: ConvRow, after: Partial<ConvRow>, extra = {}) {
    const view = (r: Pick<ConvRow, 'userId' | 'status' | 'staffId'>) => ({ user_id: r.userId, status: r.status, staff_id: r.staffId });
    await this.audit?.record(tx, {
      action,
      objectType: 'support_conversation',
      objectId: c.id,
      before: view(c),
      after: { ...view({ ...c, ...after }), ...extra },
    });
  }

  setNotifications(n: NotificationsPort) {
    this.notifications = n;
  }

  async openConversation(tx: Tx, userId: number): Promise<ConvRow | null> {
    const [c] = await tx
      .select()
      .from(supportConversations)
      .where(and(eq(supportConversations.userId, userId), ne(supportConversations.status, 'closed')))
      .limit(1);
    return c ?? null;
  }

  /** Opens (or joins) the customer's conversation. One open conversation per customer, even under a race. */
  private async ensureOpen(userId: number, reason: string, transcript: ConvRow['transcript'], system: string | null) {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const open = await this.openConversation(tx, userId);
          if (open) return { conv: open, created: false };
          const [conv] = await tx.insert(supportConversations).values({ userId, reason, transcript }).returning();
          if (system) await tx.insert(supportMessages).values({ conversationId: conv.id, sender: 'system', body: system });
          return { conv, created: true };
        });
      } catch (e) {
        if (!isUniqueViolation(e) || attempt > 0) throw e;
      }
    }
    throw new Error('unreachable');
  }

  async handover(userId: number, reason: string, transcript: ConvRow['transcript'], lang: Language) {
    const system =
      lang === 'zh_CN'
        ? '已为您转接人工客服，请稍候，客服会在这里回复您。'
        : 'You are now in the queue for a person; they will reply here.';
    const { conv } = await this.ensureOpen(userId, reason.slice(0, 200), transcript.slice(-30), system);
    return { conversation_id: conv.id, status: conv.status as Status };
  }

  async contacts() {
    const s = (await this.settings.get()).service;
    const digits = s.whatsapp.replace(/\D/g, '');
    return {
      whatsapp: s.whatsapp,
      whatsapp_url: digits ? `https://wa.me/${digits}` : '',
      wechat: s.wechat,
      // WeChat has no public deep link to add a contact by ID; weixin:// opens the app, the ID is shown to copy.
      wechat_url: s.wechat ? 'weixin://' : '',
    };
  }

  /**
   * The conversation's messages after `afterId`. With `waitS`, an open conversation with nothing new holds the
   * request until staff write (or `waitS` passes): replies reach the open chat at once (a long poll). Another
   * server process's reply is seen when the wait ends.
   */
  async customerMessages(userId: number, afterId: number, waitS = 0) {
    const first = await this.messagesAfter(userId, afterId);
    if (!waitS || first.list.length || !first.conversation || first.conversation.status === 'closed') return first;
    const key = `user:${userId}`;
    let onWake: () => void = () => {};
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitS * 1000);
      onWake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.wake.once(key, onWake);
    });
    this.wake.off(key, onWake);
    return this.messagesAfter(userId, afterId);
  }

  private async messagesAfter(userId: number, afterId: number) {
    const [conv] = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId))
      .orderBy(desc(supportConversations.id))
      .limit(1);
    const contacts = await this.contacts();
    if (!conv) return { conversation: null, list: [], contacts };
    await this.db.update(supportConversations).set({ customerSeenAt: new Date() }).where(eq(supportConversations.id, conv.id));
    const rows = await this.db
      .select()
      .from(supportMessages)
      .where(and(eq(supportMessages.conversationId, conv.id), gt(supportMessages.id, afterId)))
      .orderBy(asc(supportMessages.id))
      .limit(200);
    return {
      conversation: { id: conv.id, status: conv.status as Status, staff_name: conv.staffId ? await this.staffName(conv.staffId) : '' },
      list: rows.map(toMessage),
      contacts,
    };
  }

  async customerSend(userId: number, body: string, lang: Language) {
    const { conv } = await this.ensureOpen(userId, body.slice(0, 200), [], null);
    const [m] = await this.db.insert(supportMessages).values({ conversationId: conv.id, sender: 'customer', body }).returning();
    await this.db
      .update(supportConversations)
      .set({ updatedAt: new Date(), customerSeenAt: new Date() })
      .where(eq(supportConversations.id, conv.id));
    void lang;
    return toMessage(m);
  }

  private async views(rows: ConvRow[]) {
    const users = new Map((await accountDirectory.findUsersByIds(this.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u]));
    const lastRows = rows.length
      ? await this.db
          .select({ conversationId: supportMessages.conversationId, body: supportMessages.body, id: supportMessages.id })
          .from(supportMessages)
          .where(
            sql`${supportMessages.id} in (select max(id) from support_messages where conversation_id in ${rows.map((r) => r.id)} group by conversation_id)`,
          )
      : [];
    const last = new Map(lastRows.map((l) => [l.conversationId, l.body]));
    const out = [];
    for (const r of rows) {
      const u = users.get(r.userId);
      out.push({
        id: r.id,
        status: r.status as Status,
        customer: { id: r.userId, account: u?.userAccount ?? '', nickname: u?.nickname ?? '' },
        staff_id: r.staffId,
        staff_name: r.staffId ? await this.staffName(r.staffId) : '',
        reason: r.reason,
        last_message: last.get(r.id) ?? '',
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      });
    }
    return out;
  }

  async inbox(q: { page: number; page_size: number; status: Status }) {
    const rows = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.status, q.status))
      .orderBy(q.status === 'closed' ? desc(supportConversations.updatedAt) : asc(supportConversations.updatedAt))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const counted = await this.db
      .select({ status: supportConversations.status, n: count() })
      .from(supportConversations)
      .groupBy(supportConversations.status);
    const counts: Record<string, number> = { waiting: 0, assigned: 0, closed: 0 };
    for (const c of counted) counts[c.status] = c.n;
    return { list: await this.views(rows), total: counts[q.status] ?? 0, page: q.page, page_size: q.page_size, counts };
  }

  private async find(tx: Tx, id: number, lock = false) {
    const q = tx.select().from(supportConversations).where(eq(supportConversations.id, id)).limit(1);
    const [c] = lock ? await q.for('update') : await q;
    if (!c) throw new DomainError('SUPPORT_NOT_FOUND');
    return c;
  }

  async detail(id: number, afterId: number) {
    const c = await this.find(this.db, id);
    const rows = await this.db
      .select()
      .from(supportMessages)
      .where(and(eq(supportMessages.conversationId, id), gt(supportMessages.id, afterId)))
      .orderBy(asc(supportMessages.id))
      .limit(500);
    return { conversation: (await this.views([c]))[0], list: rows.map(toMessage), transcript: c.transcript };
  }

  async assign(staffId: number, id: number, lang: Language) {
    const row = await this.db.transaction(async (tx) => {
      const c = await this.find(tx, id, true);
      if (c.status === 'closed' || (c.status === 'assigned' && c.staffId !== staffId))
        throw new DomainError('SUPPORT_STATE', { status: statusWord[c.status][lang] });
      const [u] = await tx
        .update(supportConversations)
        .set({ status: 'assigned', staffId, updatedAt: new Date() })
        .where(eq(supportConversations.id, id))
        .returning();
      await this.record(tx, 'admin/support/assign', c, u);
      return u;
    });
    this.wake.emit(`user:${row.userId}`);
    return (await this.views([row]))[0];
  }

  async reply(staffId: number, id: number, body: string, lang: Language) {
    const message = await this.db.transaction(async (tx) => {
      const c = await this.find(tx, id, true);
      if (c.status === 'closed') throw new DomainError('SUPPORT_STATE', { status: statusWord.closed[lang] });
      const [m] = await tx.insert(supportMessages).values({ conversationId: id, sender: 'staff', staffId, body }).returning();
      await tx
        .update(supportConversations)
        .set({ status: 'assigned', staffId: c.staffId ?? staffId, updatedAt: new Date() })
        .where(eq(supportConversations.id, id));
      await this.record(tx, 'admin/support/reply', c, { status: 'assigned', staffId: c.staffId ?? staffId }, { message_id: m.id });
      const away = !c.customerSeenAt || Date.now() - c.customerSeenAt.getTime() > AWAY_MS;
      if (away && this.notifications) {
        await this.notifications.notify(tx, {
          userId: c.userId,
          kind: 'support.reply',
          title: { en: 'Customer service replied', zh_CN: '客服已回复' },
          body: { en: body.slice(0, 120), zh_CN: body.slice(0, 120) },
          link: 'pages/sub/qidiankefu',
          dedupeKey: `support.reply:${m.id}`,
        });
      }
      return { view: toMessage(m), userId: c.userId };
    });
    this.wake.emit(`user:${message.userId}`);
    return message.view;
  }

  async close(staffId: number, id: number, lang: Language) {
    const row = await this.db.transaction(async (tx) => {
      const c = await this.find(tx, id, true);
      if (c.status === 'closed') throw new DomainError('SUPPORT_STATE', { status: statusWord.closed[lang] });
      await tx.insert(supportMessages).values({
        conversationId: id,
        sender: 'system',
        // The customer may read another language than the staff member: say it in both.
        body: 'This conversation is closed; the assistant is back to help. 会话已结束，智能助手将继续为您服务。',
      });
      const [u] = await tx
        .update(supportConversations)
        .set({ status: 'closed', staffId: c.staffId ?? staffId, closedAt: new Date(), updatedAt: new Date() })
        .where(eq(supportConversations.id, id))
        .returning();
      await this.record(tx, 'admin/support/close', c, u);
      return u;
    });
    this.wake.emit(`user:${row.userId}`);
    return (await this.views([row]))[0];
  }
}
