import { List, Switch, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { notificationChannels, type NotificationChannel, type NotificationSetting } from '@pinyou/contract';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings.ts';

/** Per kind of notification: in-app is always on; SMS, e-mail and WeChat are the user's choice. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { data: list = [] } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const toggle = (s: NotificationSetting, channel: NotificationChannel, on: boolean) =>
    save.mutate([{ kind: s.kind, sms: s.sms, email: s.email, wechat: s.wechat, [channel]: on }], {
      onSuccess: () => Toast.show({ content: t('notifications.saved') }),
    });
  return (
    <div data-testid="notification-settings">
      {list.map((s) => (
        <List key={s.kind} header={t(`notifications.kind.${s.kind}`)}>
          <List.Item extra={<Switch checked disabled />}>{t('notifications.channel.in_app')}</List.Item>
          {notificationChannels.map((c) => (
            <List.Item
              key={c}
              extra={
                <Switch
                  checked={s[c]}
                  loading={save.isPending}
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
