import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import type { BillingPort } from '../modules/wallet/index.ts';
import { OfflineChatModel, OpenAiChatModel, type ChatModel } from '../modules/content/index.ts';
import { SandboxMessaging, SmtpMessaging, type MessagingProvider } from './messaging.provider.ts';
import { SandboxWechatProvider, WechatOAuthProvider, type WechatProvider } from './wechat.provider.ts';
import { SandboxWechatTemplate, WechatTemplateClient, type WechatTemplateProvider } from './wechat-template.provider.ts';
import { SandboxWxpayProvider, WechatPayV3Provider, type WxpayProvider } from './wxpay.provider.ts';
import { trackingProviderFromEnv, type TrackingProvider } from './tracking.provider.ts';

/** Outside services, each behind its interface: the real client when its keys are configured, the sandbox otherwise. */
export interface Providers {
  messaging: MessagingProvider;
  wechat: WechatProvider;
  wxpay: WxpayProvider;
  wechatTemplate: WechatTemplateProvider;
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
    chatModel:
      env.AI_BASE_URL && env.AI_API_KEY ? new OpenAiChatModel(env.AI_BASE_URL, env.AI_API_KEY, env.AI_MODEL) : new OfflineChatModel(),
    tracking: trackingProviderFromEnv(env),
  };
}
