import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { outbox } from '../db/schema.ts';
import { SandboxTelegram, TelegramBotClient } from './telegram.provider.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 60_000);
afterAll(async () => {
  await database.close();
  await drop();
});

/** The Bot API's side: {ok, result} like api.telegram.org, 403 for a chat that blocked the bot. */
function botApi() {
  const calls: { url: string; headers: Record<string, string>; body: any }[] = [];
  const fetchImpl = (async (input: URL | string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(input), headers: init?.headers as Record<string, string>, body });
    const json = (o: unknown, status = 200) => new Response(JSON.stringify(o), { status, headers: { 'content-type': 'application/json' } });
    if (body.chat_id === '666') return json({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }, 403);
    return json({ ok: true, result: { message_id: 42, chat: { id: Number(body.chat_id) }, text: body.text } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const keys = { token: '123456:ABC-DEF', webhookSecret: 'hook_secret-1', botName: 'PinyouBot' };

describe('Telegram bot client', () => {
  it('posts sendMessage with chat_id and text, records the message id, and records a refusal as failed', async () => {
    const api = botApi();
    const client = new TelegramBotClient(database.db, keys, api.fetchImpl, 'https://tg.example.test');
    await client.send({ chatId: '987654321', title: 'Arrived', text: 'SF1 is in\nhttps://pinyou.sg/#/x' });
    expect(api.calls[0].url).toBe('https://tg.example.test/bot123456:ABC-DEF/sendMessage');
    expect(api.calls[0].headers).toEqual({ 'content-type': 'application/json' });
    expect(api.calls[0].body).toEqual({
      chat_id: '987654321',
      text: 'Arrived\nSF1 is in\nhttps://pinyou.sg/#/x',
      link_preview_options: { is_disabled: true },
    });
    await expect(client.send({ chatId: '666', title: 't', text: 'x' })).rejects.toThrow(/403 Forbidden/);
    const rows = await database.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.channel, r.to, r.provider, r.status, r.providerMessageId])).toEqual([
      ['telegram', '987654321', 'telegram', 'sent', '42'],
      ['telegram', '666', 'telegram', 'failed', null],
    ]);
  });

  it('checks the webhook secret header exactly; the sandbox has its own name and secret', () => {
    const client = new TelegramBotClient(database.db, keys);
    expect(client.botName).toBe('PinyouBot');
    expect(client.verifySecret('hook_secret-1')).toBe(true);
    expect(client.verifySecret('hook_secret-2')).toBe(false);
    expect(client.verifySecret(['hook_secret-1'])).toBe(false);
    expect(client.verifySecret(undefined)).toBe(false);
    const sandbox = new SandboxTelegram(database.db, { botName: 'SbxBot', webhookSecret: 's' });
    expect(sandbox.botName).toBe('SbxBot');
    expect(sandbox.verifySecret('s')).toBe(true);
    expect(sandbox.verifySecret('')).toBe(false);
  });
});
