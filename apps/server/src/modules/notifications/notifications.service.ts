import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  defaultNotificationChannels,
  notificationChannels,
  notificationKinds,
  type Language,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationView,
} from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../core/jobs.ts';
import type { MessagingProvider } from '../../providers/messaging.provider.ts';
import type { WechatTemplateProvider } from '../../providers/wechat-template.provider.ts';
import type { WhatsappProvider } from '../../providers/whatsapp.provider.ts';
import type { TelegramProvider } from '../../providers/telegram.provider.ts';
import type { ChannelLinksService } from './channel-links.service.ts';
import type { ContactsPort } from '../account/index.ts';
import type { NotificationsPort, NotifyInput } from './notifications.port.ts';
import { notifications, notificationSettings } from './notifications.schema.ts';

type Text = { en: string; zh_CN: string };
type Row = typeof notifications.$inferSelect;
type SettingRow = typeof notificationSettings.$inferSelect;
type SettingInput = {
  kind: (typeof notificationKinds)[number];
  sms: boolean;
  email: boolean;
  wechat: boolean;
  whatsapp?: boolean;
  telegram?: boolean;
};

const channelsOf = (s: SettingRow): Record<NotificationChannel, boolean> => ({
  sms: s.sms,
  email: s.email,
  wechat: s.wechat,
  whatsapp: s.whatsapp,
  telegram: s.telegram,
});

export const DELIVER_JOB = 'notifications.deliver';
interface DeliverPayload {
  id: number;
  channel: NotificationChannel;
}

const view = (r: Row, lang: Language): NotificationView => ({
  id: r.id,
  kind: r.kind,
  title: (r.title as Text)[lang],
  body: (r.body as Text)[lang],
  link: r.link,
  read: r.readAt !== null,
  created_at: r.createdAt.toISOString(),
});

/** The in-app list, the user's channel settings, and delivery through SMS, e-mail, WeChat, WhatsApp and Telegram as jobs. */
export class NotificationsService implements NotificationsPort {
  private queue: JobQueue | null = null;

  constructor(
    private readonly db: Db,
    private readonly d: {
      contacts: ContactsPort;
      messaging: MessagingProvider;
      wechatTemplate: WechatTemplateProvider;
      whatsapp: WhatsappProvider;
      telegram: TelegramProvider;
      /** WhatsApp opt-ins and Telegram links (consent, addresses, the 24-hour window). */
      links: ChannelLinksService;
      /** Where links in SMS, e-mail and WeChat messages point (the app's address). */
      publicUrl: string;
    },
  ) {}

  /** Deliveries need the queue; the module hands it over when the app wires jobs. */
  useQueue(queue: JobQueue) {
    this.queue = queue;
    queue.register<DeliverPayload>(DELIVER_JOB, (p) => this.deliver(p), { retryLimit: 5, backoffSeconds: 60 });
  }

  async notify(tx: Tx, input: NotifyInput): Promise<void> {
    const [row] = await tx
      .insert(notifications)
      .values({
        userId: input.userId,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        dedupeKey: input.dedupeKey ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (!row) return; // already notified under this dedupe key
    const channels = await this.channelsFor(tx, input.userId, input.kind);
    if (!this.queue) return;
    for (const channel of notificationChannels) {
      if (channels[channel])
        await this.queue.enqueue(tx, DELIVER_JOB, { id: row.id, channel } satisfies DeliverPayload, {
          singletonKey: `notification:${row.id}:${channel}`,
        });
    }
  }

  private async channelsFor(tx: Tx, userId: number, kind: string): Promise<Record<NotificationChannel, boolean>> {
    const [s] = await tx
      .select()
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.kind, kind)));
    return s ? channelsOf(s) : { ...defaultNotificationChannels };
  }

  /**
   * One channel of one notification. A user without that contact (no phone, no WeChat, no WhatsApp opt-in,
   * no linked Telegram chat) is skipped, not retried.
   */
  async deliver(p: DeliverPayload): Promise<void> {
    const [n] = await this.db.select().from(notifications).where(eq(notifications.id, p.id));
    if (!n) return;
    const to = await this.d.contacts.contactOf(n.userId);
    if (!to) return;
    const lang = to.language;
    const title = (n.title as Text)[lang];
    const body = (n.body as Text)[lang];
    const url = n.link ? `${this.d.publicUrl}/#/${n.link.replace(/^\//, '')}` : null;
    if (p.channel === 'sms' && to.phone) {
      await this.d.messaging.send({ channel: 'sms', to: to.phone, subject: title, body: `【Pinyou】${title}: ${body}` });
    } else if (p.channel === 'email' && to.email) {
      await this.d.messaging.send({ channel: 'email', to: to.email, subject: title, body: url ? `${body}\n\n${url}` : body });
    } else if (p.channel === 'wechat' && to.wechatOpenid) {
      await this.d.wechatTemplate.send({ openid: to.wechatOpenid, title, body, url });
    } else if (p.channel === 'whatsapp') {
      const target = await this.d.links.whatsappTarget(n.userId, to.phone);
      if (target) await this.d.whatsapp.send({ to: target.phone, kind: n.kind, language: lang, title, body, url, form: target.form });
    } else if (p.channel === 'telegram') {
      const chatId = await this.d.links.telegramChat(n.userId);
      if (chatId) await this.d.telegram.send({ chatId, title, text: url ? `${body}\n${url}` : body });
    }
  }

  async list(userId: number, q: { page: number; page_size: number; order: 'newest' | 'unread_first' }, lang: Language) {
    const order =
      q.order === 'unread_first' ? [sql`${notifications.readAt} is not null`, desc(notifications.id)] : [desc(notifications.id)];
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const [{ total }] = await this.db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId));
    return { list: rows.map((r) => view(r, lang)), total, page: q.page, page_size: q.page_size, unread: await this.unread(userId) };
  }

  async unread(userId: number): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return n;
  }

  /** Marks one of the user's notifications read (someone else's id changes nothing), or all of them. */
  async markRead(userId: number, q: { id?: number; all?: boolean }) {
    const mine = q.all ? eq(notifications.userId, userId) : and(eq(notifications.userId, userId), eq(notifications.id, q.id ?? 0));
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(mine, isNull(notifications.readAt)));
    return { unread: await this.unread(userId) };
  }

  async settings(userId: number): Promise<{ list: NotificationSetting[] }> {
    const rows = await this.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .orderBy(asc(notificationSettings.kind));
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    return {
      list: notificationKinds.map((kind) => {
        const r = byKind.get(kind);
        const c = r ? channelsOf(r) : defaultNotificationChannels;
        return { kind, in_app: true as const, ...c };
      }),
    };
  }

  /**
   * Saves some kinds' channels. WhatsApp and Telegram left out keep what they had; turning either on needs the
   * user's opt-in or linked chat (a clear error otherwise, nothing saved).
   */
  async saveSettings(userId: number, list: SettingInput[]) {
    await this.db.transaction(async (tx) => {
      const rows = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
      const before = new Map(rows.map((r) => [r.kind, channelsOf(r)]));
      const next = list.map((s) => {
        const old = before.get(s.kind) ?? defaultNotificationChannels;
        return { ...s, whatsapp: s.whatsapp ?? old.whatsapp, telegram: s.telegram ?? old.telegram };
      });
      await this.d.links.requireConsent(tx, userId, {
        whatsapp: next.some((s) => s.whatsapp),
        telegram: next.some((s) => s.telegram),
      });
      for (const s of next) {
        const set = { sms: s.sms, email: s.email, wechat: s.wechat, whatsapp: s.whatsapp, telegram: s.telegram };
        await tx
          .insert(notificationSettings)
          .values({ userId, kind: s.kind, ...set })
          .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { ...set, updatedAt: new Date() } });
      }
    });
    return this.settings(userId);
  }
}
