import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { MessagingProvider } from '../../providers/messaging.provider.ts';
import type { WechatTemplateProvider } from '../../providers/wechat-template.provider.ts';
import type { WhatsappProvider } from '../../providers/whatsapp.provider.ts';
import type { TelegramProvider } from '../../providers/telegram.provider.ts';
import { ChannelLinksService } from './channel-links.service.ts';
import { registerChannelWebhooks } from './channel-webhooks.http.ts';
import type { ContactsPort } from '../account/index.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';

/** Notifications: the in-app list and badge, per-kind channel settings, deliveries as jobs (NotificationsPort for other modules). */
export function createNotificationsModule(d: {
  env: Env;
  db: Db;
  contacts: ContactsPort;
  messaging: MessagingProvider;
  wechatTemplate: WechatTemplateProvider;
  whatsapp: WhatsappProvider;
  telegram: TelegramProvider;
}) {
  const links = new ChannelLinksService(d.db, { contacts: d.contacts, whatsapp: d.whatsapp, telegram: d.telegram });
  const notifications = new NotificationsService(d.db, {
    contacts: d.contacts,
    messaging: d.messaging,
    wechatTemplate: d.wechatTemplate,
    whatsapp: d.whatsapp,
    telegram: d.telegram,
    links,
    publicUrl: (d.env.PUBLIC_URL ?? `http://localhost:${d.env.PORT}`).replace(/\/$/, ''),
  });
  const module: ServerModule = {
    name: 'notifications',
    handlers: handlersOf({ platform: notificationsRoutes(notifications, links) }),
    http: (app) => registerChannelWebhooks(app, { db: d.db, links, whatsapp: d.whatsapp, telegram: d.telegram }),
    jobs: (queue) => notifications.useQueue(queue),
    seedDemo: async ({ demoId }) => {
      await d.db.transaction((tx) =>
        notifications.notify(tx, {
          userId: demoId,
          kind: 'welcome',
          title: { en: 'Welcome to Pinyou', zh_CN: '欢迎使用拼邮' },
          body: {
            en: 'Notifications about your parcels, bills and group pick-ups appear here. Choose SMS, e-mail, WeChat, WhatsApp or Telegram under Settings.',
            zh_CN: '包裹、账单和团长取件的通知都会显示在这里。可在“通知设置”中选择短信、邮件、微信、WhatsApp 或 Telegram 提醒。',
          },
          link: 'pages/my/index',
          dedupeKey: 'demo.welcome',
        }),
      );
    },
  };
  return { services: { notifications, channelLinks: links }, module };
}
