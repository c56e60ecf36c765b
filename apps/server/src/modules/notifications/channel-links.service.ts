import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { NotificationChannelState } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { TelegramProvider } from '../../providers/telegram.provider.ts';
import type { WhatsappForm, WhatsappProvider } from '../../providers/whatsapp.provider.ts';
import type { ContactsPort } from '../account/index.ts';
import { notificationChannelLinks as links, notificationSettings } from './notifications.schema.ts';

type LinkRow = typeof links.$inferSelect;

/** WhatsApp lets a business answer in free text for 24 hours after the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3600_000;
const TELEGRAM_LINK_MS = 30 * 60_000;

/** The account's phone in E.164 (Singapore mobiles are stored as their 8 digits). */
export function toE164(phone: string | null | undefined): string | null {
  const p = (phone ?? '').replace(/[\s-]/g, '');
  if (/^\d{8}$/.test(p)) return `+65${p}`;
  if (/^\+\d{8,15}$/.test(p)) return p;
  return null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The channels users join themselves: WhatsApp (explicit opt-in to the verified phone, opt-out in the app or
 * by replying STOP, the 24-hour window from their last message) and Telegram (a chat linked through a one-time
 * deep link, unlinked in the app or by /stop). Losing consent turns the channel off for every kind.
 */
export class ChannelLinksService {
  constructor(
    private readonly db: Db,
    private readonly d: { contacts: ContactsPort; whatsapp: WhatsappProvider; telegram: TelegramProvider },
  ) {}

  private async row(db: Tx | Db, userId: number): Promise<LinkRow | null> {
    const [r] = await db.select().from(links).where(eq(links.userId, userId));
    return r ?? null;
  }

  private async upsert(db: Tx | Db, userId: number, set: Partial<Omit<LinkRow, 'userId'>>) {
    await db
      .insert(links)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: links.userId, set: { ...set, updatedAt: new Date() } });
  }

  /** Turns a channel off in every kind of the given users (their consent or link is gone). */
  private async channelOff(db: Tx | Db, userIds: number[], channel: 'whatsapp' | 'telegram') {
    if (!userIds.length) return;
    await db
      .update(notificationSettings)
      .set({ [channel]: false, updatedAt: new Date() })
      .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings[channel], true)));
  }

  async state(userId: number): Promise<NotificationChannelState> {
    const [r, contact] = await Promise.all([this.row(this.db, userId), this.d.contacts.contactOf(userId)]);
    const optedIn = !!r?.whatsappOptInAt;
    return {
      whatsapp: {
        opted_in: optedIn,
        phone: optedIn ? r!.whatsappPhone : toE164(contact?.phone),
        opted_in_at: optedIn ? r!.whatsappOptInAt!.toISOString() : null,
      },
      telegram: {
        linked: !!r?.telegramChatId,
        linked_at: r?.telegramChatId && r.telegramLinkedAt ? r.telegramLinkedAt.toISOString() : null,
        bot_name: this.d.telegram.botName,
      },
    };
  }

  /** Opt in (to the account's verified phone) or out; out also turns WhatsApp off for every kind. */
  async whatsappOptIn(userId: number, on: boolean): Promise<NotificationChannelState> {
    if (on) {
      const phone = toE164((await this.d.contacts.contactOf(userId))?.phone);
      if (!phone) throw new DomainError('WHATSAPP_PHONE_REQUIRED');
      await this.upsert(this.db, userId, { whatsappPhone: phone, whatsappOptInAt: new Date(), whatsappOptOutAt: null });
    } else {
      await this.db.transaction(async (tx) => {
        await this.upsert(tx, userId, { whatsappOptInAt: null, whatsappOptOutAt: new Date() });
        await this.channelOff(tx, [userId], 'whatsapp');
      });
    }
    return this.state(userId);
  }

  /** A fresh one-time deep link; only its hash is kept, and a newer link replaces an older one. */
  async telegramLink(userId: number): Promise<{ url: string; expires_at: string }> {
    const token = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + TELEGRAM_LINK_MS);
    await this.upsert(this.db, userId, { telegramTokenHash: hashToken(token), telegramTokenExpiresAt: expires });
    return { url: `https://t.me/${this.d.telegram.botName}?start=${token}`, expires_at: expires.toISOString() };
  }

  async telegramUnlink(userId: number): Promise<NotificationChannelState> {
    await this.db.transaction(async (tx) => {
      await this.upsert(tx, userId, { telegramChatId: null, telegramLinkedAt: null });
      await this.channelOff(tx, [userId], 'telegram');
    });
    return this.state(userId);
  }

  /** Refuses turning on a channel the user has not joined (saving settings). */
  async requireConsent(tx: Tx, userId: number, want: { whatsapp: boolean; telegram: boolean }) {
    if (!want.whatsapp && !want.telegram) return;
    const r = await this.row(tx, userId);
    if (want.whatsapp && !r?.whatsappOptInAt) throw new DomainError('WHATSAPP_OPT_IN_REQUIRED');
    if (want.telegram && !r?.telegramChatId) throw new DomainError('TELEGRAM_LINK_REQUIRED');
  }

  /**
   * Where and how a WhatsApp notification goes: only to the opted-in number while it is still the account's
   * phone (a changed phone needs a new opt-in); free text inside the 24-hour window, the template outside it.
   */
  async whatsappTarget(userId: number, accountPhone: string | null): Promise<{ phone: string; form: WhatsappForm } | null> {
    const r = await this.row(this.db, userId);
    if (!r?.whatsappOptInAt || !r.whatsappPhone || r.whatsappPhone !== toE164(accountPhone)) return null;
    const inWindow = !!r.whatsappLastInboundAt && Date.now() - r.whatsappLastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
    return { phone: r.whatsappPhone, form: inWindow ? 'text' : 'template' };
  }

  async telegramChat(userId: number): Promise<string | null> {
    return (await this.row(this.db, userId))?.telegramChatId ?? null;
  }

  /** A message from a WhatsApp number: it opens the window (never moves it back); STOP opts that number out. */
  async whatsappInbound(waId: string, at: Date, text: string | null): Promise<void> {
    const phone = `+${waId.replace(/\D/g, '')}`;
    const when = new Date(Math.min(at.getTime(), Date.now()));
    await this.db
      .update(links)
      .set({ whatsappLastInboundAt: when, updatedAt: new Date() })
      .where(and(eq(links.whatsappPhone, phone), or(isNull(links.whatsappLastInboundAt), lt(links.whatsappLastInboundAt, when))));
    if (!text || !/^\s*(stop|unsubscribe|stop all|退订|取消订阅)\s*[.!。！]?\s*$/i.test(text)) return;
    await this.db.transaction(async (tx) => {
      const out = await tx
        .update(links)
        .set({ whatsappOptInAt: null, whatsappOptOutAt: new Date(), updatedAt: new Date() })
        .where(and(eq(links.whatsappPhone, phone), isNotNull(links.whatsappOptInAt)))
        .returning({ userId: links.userId });
      await this.channelOff(
        tx,
        out.map((o) => o.userId),
        'whatsapp',
      );
    });
  }

  /**
   * `/start <token>` from a private chat: links the chat to the token's user (the chat leaves any other user)
   * and says so; `/stop` unlinks it. A replayed update changes nothing and sends nothing.
   */
  async telegramCommand(chatId: string, text: string): Promise<void> {
    const start = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/.exec(text.trim());
    if (start) return this.telegramStart(chatId, start[1] ?? null);
    if (/^\/stop(?:@\w+)?\s*$/.test(text.trim())) return this.telegramStop(chatId);
  }

  private async telegramStart(chatId: string, token: string | null) {
    const linked = await this.db.select({ userId: links.userId }).from(links).where(eq(links.telegramChatId, chatId));
    const r = token
      ? (
          await this.db
            .select()
            .from(links)
            .where(and(eq(links.telegramTokenHash, hashToken(token)), gt(links.telegramTokenExpiresAt, new Date())))
        )[0]
      : undefined;
    if (!r) {
      if (linked.length) return; // already connected (or the same update again)
      return this.reply(chatId, null, {
        en: 'To get Pinyou notifications here, open Pinyou → Notification settings → Connect Telegram.',
        zh_CN: '如需在此接收拼邮通知，请打开拼邮 → 通知设置 → 连接 Telegram。',
      });
    }
    await this.db.transaction(async (tx) => {
      const others = linked.map((l) => l.userId).filter((id) => id !== r.userId);
      if (others.length) {
        await tx
          .update(links)
          .set({ telegramChatId: null, telegramLinkedAt: null, updatedAt: new Date() })
          .where(inArray(links.userId, others));
        await this.channelOff(tx, others, 'telegram');
      }
      await this.upsert(tx, r.userId, {
        telegramChatId: chatId,
        telegramLinkedAt: new Date(),
        telegramTokenHash: null,
        telegramTokenExpiresAt: null,
      });
    });
    await this.reply(chatId, r.userId, {
      en: 'Connected: your Pinyou notifications can now arrive in this chat. Choose which kinds in the app. Send /stop to disconnect.',
      zh_CN: '已连接：拼邮通知现在可以发送到此对话。请在应用中选择通知类型。发送 /stop 可断开连接。',
    });
  }

  private async telegramStop(chatId: string) {
    const gone = await this.db.transaction(async (tx) => {
      const out = await tx
        .update(links)
        .set({ telegramChatId: null, telegramLinkedAt: null, updatedAt: new Date() })
        .where(eq(links.telegramChatId, chatId))
        .returning({ userId: links.userId });
      await this.channelOff(
        tx,
        out.map((o) => o.userId),
        'telegram',
      );
      return out;
    });
    if (gone.length)
      await this.reply(chatId, gone[0].userId, {
        en: 'Disconnected: Pinyou will not send notifications to this chat any more.',
        zh_CN: '已断开：拼邮将不再向此对话发送通知。',
      });
  }

  /** Answers in the user's language (both languages when the chat is not linked to anyone yet). */
  private async reply(chatId: string, userId: number | null, text: { en: string; zh_CN: string }) {
    const lang = userId ? (await this.d.contacts.contactOf(userId))?.language : undefined;
    // The link itself is done: a reply Telegram refuses (recorded as failed in the outbox) must not fail the webhook.
    await this.d.telegram
      .send({ chatId, title: 'Pinyou 拼邮', text: lang ? text[lang] : `${text.en}\n${text.zh_CN}` })
      .catch(() => undefined);
  }
}
