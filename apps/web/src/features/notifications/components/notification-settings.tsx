import { List, Switch, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { notificationChannels, type NotificationChannel, type NotificationSetting } from '@pinyou/contract';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings.ts';
import { useChannelState } from '../api/channel-state.ts';
import { ChannelOptIn } from './channel-opt-in.tsx';

/**
 * Per kind of notification: in-app is always on; SMS, e-mail, WeChat, WhatsApp and Telegram are the user's
 * choice. WhatsApp and Telegram switch on only once the user opted in / connected above.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { data: list = [] } = useNotificationSettings();
  const { data: joined } = useChannelState();
  const save = useSaveNotificationSettings();
  const open: Record<NotificationChannel, boolean> = {
    sms: true,
    email: true,
    wechat: true,
    whatsapp: !!joined?.whatsapp.opted_in,
    telegram: !!joined?.telegram.linked,
  };
  const toggle = (s: NotificationSetting, channel: NotificationChannel, on: boolean) =>
    save.mutate(
      [{ kind: s.kind, sms: s.sms, email: s.email, wechat: s.wechat, whatsapp: s.whatsapp, telegram: s.telegram, [channel]: on }],
      { onSuccess: () => Toast.show({ content: t('notifications.saved') }) },
    );
  return (
    <div data-testid="notification-settings">
      <ChannelOptIn />
      {list.map((s) => (
        <List key={s.kind} header={t(`notifications.kind.${s.kind}`)}>
          <List.Item extra={<Switch checked disabled />}>{t('notifications.channel.in_app')}</List.Item>
          {notificationChannels.map((c) => (
            <List.Item
              key={c}
              description={open[c] || s[c] ? null : t(`notifications.channel.join.${c}`)}
              extra={
                <Switch
                  checked={s[c]}
                  loading={save.isPending}
                  disabled={!open[c] && !s[c]}
                  onChange={(on) => toggle(s, c, on)}
                  data-testid={`setting-${s.kind}-${c}`}
                />
              }
            >
              {t(`notifications.channel.${c}`)}
            </List.Item>
          ))}
        </List>
      ))}
    </div>
  );
}
