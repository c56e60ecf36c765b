export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (order: string) => ['notifications', 'list', order] as const,
  settings: ['notifications', 'settings'] as const,
  channels: ['notifications', 'channels'] as const,
};
