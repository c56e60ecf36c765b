// The notifications module's public face: other modules use the port, the app builds the module.
export { createNotificationsModule } from './notifications.module.ts';
export type { NotificationsPort, NotifyInput } from './notifications.port.ts';
