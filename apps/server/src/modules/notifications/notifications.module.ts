import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { MessagingProvider } from '../../providers/messaging.provider.ts';
import type { WechatTemplateProvider } from '../../providers/wechat-template.provider.ts';
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
}) {
  const notifications = new NotificationsService(d.db, {
    contacts: d.contacts,
    messaging: d.messaging,
    wechatTemplate: d.wechatTemplate,
    publicUrl: (d.env.PUBLIC_URL ?? `http://localhost:${d.env.PORT}`).replace(/\/$/, ''),
  });
  const module: ServerModule = {
    name: 'notifications',
    handlers: handlersOf({ platform: notificationsRoutes(notifications) }),
    jobs: (queue) => notifications.useQueue(queue),
    seedDemo: async ({ demoId }) => {
      await d.db.transaction((tx) =>
        notifications.notify(tx, {
          userId: demoId,
          kind: 'welcome',
          title: { en: 'Welcome to Pinyou', zh_CN: '欢迎使用拼邮' },
          body: {
            en: 'Notifications about your parcels, bills and group pick-ups appear here. Choose SMS, e-mail or WeChat under Settings.',
            zh_CN: '包裹、账单和团长取件的通知都会显示在这里。可在“通知设置”中选择短信、邮件或微信提醒。',
          },
          link: 'pages/my/index',
          dedupeKey: 'demo.welcome',
        }),
      );
    },
  };
  return { services: { notifications }, module };
}
