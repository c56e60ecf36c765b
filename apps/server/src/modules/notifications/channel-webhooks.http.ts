import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TelegramProvider } from '../../providers/telegram.provider.ts';
import { applyWhatsappStatus, type WhatsappProvider, type WhatsappStatus } from '../../providers/whatsapp.provider.ts';
import type { ChannelLinksService } from './channel-links.service.ts';

const STATUSES = new Set<WhatsappStatus>(['sent', 'delivered', 'read', 'failed']);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const json = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

/**
 * The WhatsApp webhook's changes: statuses move our outbox rows on; messages open the 24-hour window and
 * may opt out (STOP). Anything not of that shape is skipped, so junk never fails the request.
 */
async function whatsappChanges(body: unknown, db: Db, links: ChannelLinksService) {
  let statuses = 0;
  let messages = 0;
  for (const entry of arr(obj(body).entry))
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      for (const s of arr(value.statuses)) {
        const id = str(obj(s).id);
        const status = str(obj(s).status) as WhatsappStatus | null;
        if (id && status && STATUSES.has(status) && (await applyWhatsappStatus(db, id, status))) statuses++;
      }
      for (const m of arr(value.messages)) {
        const from = str(obj(m).from);
        const ts = Number(str(obj(m).timestamp));
        if (!from || !/^\d{6,15}$/.test(from) || !Number.isFinite(ts) || ts <= 0) continue;
        const text = str(obj(obj(m).text).body) ?? str(obj(obj(m).button).text);
        await links.whatsappInbound(from, new Date(ts * 1000), text);
        messages++;
      }
    }
  return { statuses, messages };
}

/**
 * Public webhooks of the notification channels, each checked before anything changes:
 * GET  /api/notify/whatsapp/webhook  the subscription handshake (hub.verify_token, echo hub.challenge);
 * POST /api/notify/whatsapp/webhook  signed by Meta (X-Hub-Signature-256 over the raw body);
 * POST /api/notify/telegram/webhook  carrying our secret (X-Telegram-Bot-Api-Secret-Token).
 * A verified request is answered 200 whatever it holds (the sender would only retry junk); a refused one
 * 401/403 with a code.
 */
export async function registerChannelWebhooks(
  app: FastifyInstance,
  d: { db: Db; links: ChannelLinksService; whatsapp: WhatsappProvider; telegram: TelegramProvider },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));

    scope.get('/api/notify/whatsapp/webhook', async (req, reply) => {
      const q = obj(req.query);
      const challenge = str(q['hub.challenge']);
      if (q['hub.mode'] !== 'subscribe' || !challenge || !d.whatsapp.verifyToken(q['hub.verify_token']))
        return reply.code(403).send({ ok: false, code: 'VERIFY_TOKEN_INVALID' });
      return reply.type('text/plain').send(challenge);
    });

    scope.post('/api/notify/whatsapp/webhook', async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      if (!d.whatsapp.verifySignature(raw, req.headers['x-hub-signature-256']))
        return reply.code(401).send({ ok: false, code: 'SIGNATURE_INVALID' });
      const counts = await whatsappChanges(json(raw), d.db, d.links);
      return reply.send({ ok: true, ...counts });
    });

    scope.post('/api/notify/telegram/webhook', async (req, reply) => {
      if (!d.telegram.verifySecret(req.headers['x-telegram-bot-api-secret-token']))
        return reply.code(401).send({ ok: false, code: 'SECRET_INVALID' });
      const message = obj(obj(json(typeof req.body === 'string' ? req.body : '')).message);
      const chat = obj(message.chat);
      const chatId = str(chat.id);
      const text = str(message.text);
      if (chatId && text && chat.type === 'private') await d.links.telegramCommand(chatId, text);
      return reply.send({ ok: true });
    });
  });
}
