import { useTranslation } from '../../../lib/translation.ts';
import { Icon } from '../../../components/icon.tsx';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnreadCount } from '../api/unread-count.ts';

/** The bell on my centre with the unread count. Light on purpose: my centre is a first-load screen. */
export function NotificationBell({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadCount(enabled);
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title');
  return (
    <button
      type="button"
      className="notification-bell"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      onClick={(e) => {
        e.stopPropagation();
        nav.navigateTo(paths.notifications);
      }}
    >
      <Icon name="bell" />
      {unread > 0 && (
        <span className="notification-bell-badge" data-testid="notification-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
