import { useState } from 'react';
import { Button, Empty, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { NotificationView } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { nav } from '../../../lib/nav.ts';
import { paths, type RoutePath } from '../../../lib/paths.ts';
import { useNotifications, type NotificationOrder } from '../api/notification-list.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { NotificationSettings } from '../components/notification-settings.tsx';

const routes = new Set<string>(Object.values(paths));
const when = (iso: string) => formatDateTime(iso);

/** A notification's link is an app route with an optional query; anything else is not followed. */
function open(link: string | null) {
  if (!link) return;
  const [path, query] = link.replace(/^\//, '').split('?');
  if (routes.has(path)) nav.navigateTo(path as RoutePath, Object.fromEntries(new URLSearchParams(query ?? '')));
}

function Inbox({ order }: { order: NotificationOrder }) {
  const { t } = useTranslation();
  const q = useNotifications(order);
  const read = useMarkRead();
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const unread = q.data?.pages[0]?.unread ?? 0;
  const onTap = (n: NotificationView) => {
    if (!n.read) read.mutate({ id: n.id });
    open(n.link);
  };
  return (
    <>
      {unread > 0 && (
        <div className="section row between">
          <span className="muted">
            {t('notifications.unread')}: {unread}
          </span>
          <Button size="small" onClick={() => read.mutate({ all: true })} loading={read.isPending} data-testid="mark-all-read">
            {t('notifications.markAllRead')}
          </Button>
        </div>
      )}
      {!q.isLoading && !rows.length && <Empty description={t('notifications.empty')} />}
      <List>
        {rows.map((n) => (
          <List.Item
            key={n.id}
            onClick={() => onTap(n)}
            description={
              <>
                <div>{n.body}</div>
                <div style={{ fontSize: 12 }}>{when(n.created_at)}</div>
              </>
            }
            data-testid="notification"
            data-read={n.read ? '1' : '0'}
          >
            {!n.read && <span className="notification-dot" aria-label={t('notifications.unread')} />}
            <span style={{ fontWeight: n.read ? 400 : 600 }}>{n.title}</span>
          </List.Item>
        ))}
      </List>
      {rows.length > 0 && <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={!!q.hasNextPage} />}
    </>
  );
}

/** My notifications (newest or unread first) and the channels each kind reaches me by. */
export default function NotificationsScreen() {
  useStrings('notifications');
  const { t } = useTranslation();
  const [tab, setTab] = useState<NotificationOrder | 'settings'>('newest');
  return (
    <div>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as typeof tab)}>
        <Tabs.Tab key="newest" title={t('notifications.tabs.newest')} />
        <Tabs.Tab key="unread_first" title={t('notifications.tabs.unread_first')} />
        <Tabs.Tab key="settings" title={t('notifications.tabs.settings')} />
      </Tabs>
      {tab === 'settings' ? (
        <>
          <div className="section muted">{t('notifications.settingsHint')}</div>
          <NotificationSettings />
        </>
      ) : (
        <Inbox order={tab} />
      )}
    </div>
  );
}
