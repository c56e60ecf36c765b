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
  };
  return { services: { notifications }, module };
}
