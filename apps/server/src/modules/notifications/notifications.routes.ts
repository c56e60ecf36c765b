import { contract } from '@pinyou/contract';
import { userIdOf, type Handlers } from '../../core/http.ts';
import type { NotificationsService } from './notifications.service.ts';
import type { ChannelLinksService } from './channel-links.service.ts';

export function notificationsRoutes(n: NotificationsService, links: ChannelLinksService): Handlers<typeof contract.platform> {
  return {
    notificationList: (i, ctx) => n.list(userIdOf(ctx), i, ctx.lang),
    notificationUnreadCount: async (_, ctx) => ({ unread: await n.unread(userIdOf(ctx)) }),
    notificationRead: (i, ctx) => n.markRead(userIdOf(ctx), i),
    notificationSettings: (_, ctx) => n.settings(userIdOf(ctx)),
    saveNotificationSettings: (i, ctx) => n.saveSettings(userIdOf(ctx), i.list),
    notificationChannelState: (_, ctx) => links.state(userIdOf(ctx)),
    whatsappOptIn: (i, ctx) => links.whatsappOptIn(userIdOf(ctx), i.on),
    telegramLink: (_, ctx) => links.telegramLink(userIdOf(ctx)),
    telegramUnlink: (_, ctx) => links.telegramUnlink(userIdOf(ctx)),
  };
}
