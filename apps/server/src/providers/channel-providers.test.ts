import { describe, expect, it } from 'vitest';
import { loadEnv, type Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import { defaultProviders } from './providers.ts';
import { SANDBOX_WHATSAPP, SandboxWhatsapp, WhatsappCloudClient } from './whatsapp.provider.ts';
import { SANDBOX_TELEGRAM, SandboxTelegram, TelegramBotClient } from './telegram.provider.ts';

const db = {} as Db;
const env = (o: Record<string, string>): Env => loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/pinyou-env-test', ...o });

describe('WhatsApp and Telegram providers from the environment', () => {
  it('uses the real clients only with every key, the sandbox otherwise', () => {
    const real = defaultProviders(
      env({
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_APP_SECRET: 's',
        WHATSAPP_VERIFY_TOKEN: 'v',
        TELEGRAM_BOT_TOKEN: '1:x',
        TELEGRAM_WEBHOOK_SECRET: 'w',
        TELEGRAM_BOT_NAME: 'Bot',
      }),
      db,
    );
    expect(real.whatsapp).toBeInstanceOf(WhatsappCloudClient);
    expect(real.telegram).toBeInstanceOf(TelegramBotClient);
    const partial = defaultProviders(env({ WHATSAPP_TOKEN: 't', TELEGRAM_BOT_TOKEN: '1:x' }), db);
    expect(partial.whatsapp).toBeInstanceOf(SandboxWhatsapp);
    expect(partial.telegram).toBeInstanceOf(SandboxTelegram);
    expect(partial.whatsapp.verifyToken(SANDBOX_WHATSAPP.verifyToken)).toBe(true);
    expect(partial.telegram.verifySecret(SANDBOX_TELEGRAM.webhookSecret)).toBe(true);
  });

  it('does not accept the sandbox’s well-known webhook secrets in production', () => {
    const prod = { ...env({}), NODE_ENV: 'production' as const };
    const p = defaultProviders(prod, db);
    expect(p.whatsapp.verifyToken(SANDBOX_WHATSAPP.verifyToken)).toBe(false);
    expect(p.telegram.verifySecret(SANDBOX_TELEGRAM.webhookSecret)).toBe(false);
  });
});
