import { randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import type { BillingPort } from '../modules/wallet/index.ts';
import { OfflineChatModel, OpenAiChatModel, type ChatModel } from '../modules/content/index.ts';
import { SandboxMessaging, SmtpMessaging, type MessagingProvider } from './messaging.provider.ts';
import { SandboxWechatProvider, WechatOAuthProvider, type WechatProvider } from './wechat.provider.ts';
import { SandboxWechatTemplate, WechatTemplateClient, type WechatTemplateProvider } from './wechat-template.provider.ts';
import { SandboxWxpayProvider, WechatPayV3Provider, type WxpayProvider } from './wxpay.provider.ts';
import { SANDBOX_WHATSAPP, SandboxWhatsapp, WhatsappCloudClient, type WhatsappProvider } from './whatsapp.provider.ts';
import { SANDBOX_TELEGRAM, SandboxTelegram, TelegramBotClient, type TelegramProvider } from './telegram.provider.ts';
import { trackingProviderFromEnv, type TrackingProvider } from './tracking.provider.ts';

/** Outside services, each behind its interface: the real client when its keys are configured, the sandbox otherwise. */
export interface Providers {
  messaging: MessagingProvider;
  wechat: WechatProvider;
  wxpay: WxpayProvider;
  wechatTemplate: WechatTemplateProvider;
  /** WhatsApp Cloud API (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN). */
  whatsapp: WhatsappProvider;
  /** Telegram bot (TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_BOT_NAME). */
  telegram: TelegramProvider;
  /** The assistant's model: an OpenAI-compatible API when AI_BASE_URL and AI_API_KEY are set, the offline answerer otherwise. */
  chatModel: ChatModel;
  /** Domestic courier tracking (TRACKING_PROVIDER): subscribe declared parcels, verify pushed events. */
  tracking: TrackingProvider;
  /** Tests only: a BillingPort for the parcels module in place of the wallet (src/test/billing.test-double.ts). */
  parcelsBilling?: BillingPort;
}

export function defaultProviders(env: Env, db: Db): Providers {
  const sandbox = new SandboxMessaging(db);
  return {
    messaging: env.SMTP_URL ? new SmtpMessaging(db, env.SMTP_URL, env.SMTP_FROM, sandbox) : sandbox,
    wechat:
      env.WECHAT_APPID && env.WECHAT_SECRET ? new WechatOAuthProvider(env.WECHAT_APPID, env.WECHAT_SECRET) : new SandboxWechatProvider(),
    wxpay: WechatPayV3Provider.fromEnv(env) ?? new SandboxWxpayProvider(),
    wechatTemplate:
      env.WECHAT_APPID && env.WECHAT_SECRET && env.WECHAT_TEMPLATE_ID
        ? new WechatTemplateClient(db, env.WECHAT_APPID, env.WECHAT_SECRET, env.WECHAT_TEMPLATE_ID)
        : new SandboxWechatTemplate(db),
    whatsapp: whatsappFromEnv(env, db),
    telegram: telegramFromEnv(env, db),
    chatModel:
      env.AI_BASE_URL && env.AI_API_KEY ? new OpenAiChatModel(env.AI_BASE_URL, env.AI_API_KEY, env.AI_MODEL) : new OfflineChatModel(),
    tracking: trackingProviderFromEnv(env),
  };
}

/**
 * Outside development the sandbox's well-known webhook secrets are not accepted: an unconfigured production
 * server gets a random one, so nobody can post statuses, STOP or links to it.
 */
const sandboxSecret = (env: Env, known: string) => (env.NODE_ENV === 'production' ? randomBytes(32).toString('hex') : known);

/** The real client needs every key (a webhook without its secret could not be verified); the sandbox otherwise. */
function whatsappFromEnv(env: Env, db: Db): WhatsappProvider {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret } = env;
  const verifyToken = env.WHATSAPP_VERIFY_TOKEN;
  if (token && phoneNumberId && appSecret && verifyToken)
    return new WhatsappCloudClient(db, { token, phoneNumberId, appSecret, verifyToken, version: env.WHATSAPP_API_VERSION });
  return new SandboxWhatsapp(db, {
    appSecret: appSecret ?? sandboxSecret(env, SANDBOX_WHATSAPP.appSecret),
    verifyToken: verifyToken ?? sandboxSecret(env, SANDBOX_WHATSAPP.verifyToken),
  });
}

function telegramFromEnv(env: Env, db: Db): TelegramProvider {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: webhookSecret, TELEGRAM_BOT_NAME: botName } = env;
  if (token && webhookSecret && botName) return new TelegramBotClient(db, { token, webhookSecret, botName });
  return new SandboxTelegram(db, {
    botName: botName ?? SANDBOX_TELEGRAM.botName,
    webhookSecret: webhookSecret ?? sandboxSecret(env, SANDBOX_TELEGRAM.webhookSecret),
  });
}
