import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { safeEqual } from './webhook-secrets.ts';

export interface TelegramMessage {
  chatId: string;
  /** Shown bold above the text in the outbox; sent as the first line. */
  title: string;
  text: string;
}

/** A Telegram bot for notifications, and the check of its webhook. */
export interface TelegramProvider {
  readonly name: string;
  /** The bot's username: deep links are https://t.me/<botName>?start=<token>. */
  readonly botName: string;
  /** Sends one message and records it in the outbox. */
  send(msg: TelegramMessage): Promise<void>;
  /** X-Telegram-Bot-Api-Secret-Token must be the secret_token given to setWebhook. */
  verifySecret(header: unknown): boolean;
}

const textOf = (m: TelegramMessage) => (m.title ? `${m.title}\n${m.text}` : m.text);

/**
 * The documented Bot API: POST https://api.telegram.org/bot<token>/sendMessage with {chat_id, text}
 * → {ok: true, result: {message_id}} or {ok: false, error_code, description} (403 when the user blocked the bot).
 */
export class TelegramBotClient implements TelegramProvider {
  readonly name = 'telegram';
  constructor(
    private readonly db: Db,
    private readonly keys: { token: string; webhookSecret: string; botName: string },
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly base = 'https://api.telegram.org',
  ) {}

  get botName() {
    return this.keys.botName;
  }

  async send(m: TelegramMessage): Promise<void> {
    const res = await this.fetchImpl(`${this.base}/bot${this.keys.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(5000),
      body: JSON.stringify({ chat_id: m.chatId, text: textOf(m), link_preview_options: { is_disabled: true } }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      ok?: boolean;
      result?: { message_id?: number };
      error_code?: number;
      description?: string;
    };
    const ok = body.ok === true && body.result?.message_id !== undefined;
    await this.db.insert(outbox).values({
      channel: 'telegram',
      to: m.chatId,
      subject: m.title,
      body: m.text,
      provider: this.name,
      status: ok ? 'sent' : 'failed',
      providerMessageId: ok ? String(body.result!.message_id) : null,
    });
    // A failure throws so the delivery job retries with back-off.
    if (!ok) throw new Error(`telegram sendMessage: ${body.error_code ?? res.status} ${body.description ?? ''}`.trim());
  }

  verifySecret(header: unknown) {
    return safeEqual(header, this.keys.webhookSecret);
  }
}

/** The sandbox bot's name and webhook secret when none are configured (tests send updates with it). */
export const SANDBOX_TELEGRAM = { botName: 'PinyouSandboxBot', webhookSecret: 'pinyou-sandbox-telegram-secret' };

/** Default with no keys: the outbox is the delivery, read by staff in the console. */
export class SandboxTelegram implements TelegramProvider {
  readonly name = 'sandbox';
  private seq = 0;
  constructor(
    private readonly db: Db,
    private readonly keys: { botName: string; webhookSecret: string } = SANDBOX_TELEGRAM,
  ) {}
  get botName() {
    return this.keys.botName;
  }
  async send(m: TelegramMessage): Promise<void> {
    await this.db.insert(outbox).values({
      channel: 'telegram',
      to: m.chatId,
      subject: m.title,
      body: m.text,
      provider: this.name,
      status: 'delivered',
      providerMessageId: `sandbox.${Date.now()}.${++this.seq}`,
    });
  }
  verifySecret(header: unknown) {
    return safeEqual(header, this.keys.webhookSecret);
  }
}
