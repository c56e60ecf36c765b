import { contract } from '@pinyou/contract';
import { userIdOf, type Handlers } from '../../core/http.ts';
import type { NotificationsService } from './notifications.service.ts';

export function notificationsRoutes(n: NotificationsService): Handlers<typeof contract.platform> {
  return {
    notificationList: (i, ctx) => n.list(userIdOf(ctx), i, ctx.lang),
    notificationUnreadCount: async (_, ctx) => ({ unread: await n.unread(userIdOf(ctx)) }),
    notificationRead: (i, ctx) => n.markRead(userIdOf(ctx), i),
    notificationSettings: (_, ctx) => n.settings(userIdOf(ctx)),
    saveNotificationSettings: (i, ctx) => n.saveSettings(userIdOf(ctx), i.list),
  };
}
