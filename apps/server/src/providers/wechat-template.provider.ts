import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface TemplateMessage {
  openid: string;
  title: string;
  body: string;
  /** Opened when the user taps the message. */
  url: string | null;
}

/** WeChat template messages (official account), for notifications. */
export interface WechatTemplateProvider {
  readonly name: string;
  send(msg: TemplateMessage): Promise<void>;
}

/**
 * The documented official-account API:
 * GET  https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=&secret= → {access_token, expires_in}
 * POST https://api.weixin.qq.com/cgi-bin/message/template/send?access_token= with
 *      {touser, template_id, url, data: {first, keyword1, keyword2, remark: {value}}} → {errcode: 0, msgid}
 * The token is cached until shortly before it expires and fetched again when WeChat says it is invalid
 * (40001 / 40014 / 42001). Every message is also recorded in the outbox.
 */
export class WechatTemplateClient implements WechatTemplateProvider {
  readonly name = 'wechat';
  private token: { value: string; until: number } | null = null;
  constructor(
    private readonly db: Db,
    private readonly appId: string,
    private readonly secret: string,
    private readonly templateId: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly base = 'https://api.weixin.qq.com',
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const url = new URL('/cgi-bin/token', this.base);
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: this.appId, secret: this.secret }).toString();
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; errcode?: number; errmsg?: string };
    if (!body.access_token) throw new Error(`wechat token: ${body.errcode ?? res.status} ${body.errmsg ?? ''}`.trim());
    this.token = { value: body.access_token, until: Date.now() + Math.max(60, (body.expires_in ?? 7200) - 300) * 1000 };
    return body.access_token;
  }

  private async post(msg: TemplateMessage): Promise<{ errcode?: number; errmsg?: string }> {
    const url = new URL('/cgi-bin/message/template/send', this.base);
    url.search = new URLSearchParams({ access_token: await this.accessToken() }).toString();
    const res = await this.fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(5000),
      body: JSON.stringify({
        touser: msg.openid,
        template_id: this.templateId,
        ...(msg.url ? { url: msg.url } : {}),
        data: {
          first: { value: msg.title },
          keyword1: { value: msg.title },
          keyword2: { value: msg.body },
          remark: { value: '' },
        },
      }),
    });
    return (await res.json()) as { errcode?: number; errmsg?: string };
  }

  async send(msg: TemplateMessage): Promise<void> {
    let r = await this.post(msg);
    if (r.errcode === 40001 || r.errcode === 40014 || r.errcode === 42001) {
      this.token = null;
      r = await this.post(msg);
    }
    const ok = !r.errcode;
    await this.db.insert(outbox).values({
      channel: 'wechat',
      to: msg.openid,
      subject: msg.title,
      body: msg.body,
      provider: this.name,
      status: ok ? 'sent' : 'failed',
    });
    // A failure throws so the delivery job retries with back-off.
    if (!ok) throw new Error(`wechat template send: ${r.errcode} ${r.errmsg ?? ''}`.trim());
  }
}

/** Default with no keys: the outbox is the delivery, read by staff in the console. */
export class SandboxWechatTemplate implements WechatTemplateProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Db) {}
  async send(msg: TemplateMessage): Promise<void> {
    await this.db.insert(outbox).values({
      channel: 'wechat',
      to: msg.openid,
      subject: msg.title,
      body: msg.url ? `${msg.body}\n${msg.url}` : msg.body,
      provider: this.name,
      status: 'delivered',
    });
  }
}
