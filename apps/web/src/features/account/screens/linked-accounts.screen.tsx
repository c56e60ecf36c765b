import { Avatar, Button, Dialog, List, SwipeAction, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useLinkedAccounts } from '../api/linked-accounts.ts';
import { useSwitchAccount } from '../api/switch-account.ts';
import { useRemoveLinkedAccount } from '../api/remove-linked-account.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** Multi-account management: switch among linked accounts, remove one, add another. */
export default function ChangeAccountScreen() {
  useStrings('account');
  const { t } = useTranslation();
  const { data } = useLinkedAccounts();
  const switchTo = useSwitchAccount();
  const remove = useRemoveLinkedAccount();
  const onSwitch = async (id: number) => {
    try {
      await switchTo.mutateAsync(id);
      Toast.show({ icon: 'success', content: t('account.switched') });
      nav.reLaunch(paths.my);
    } catch {
      /* shown by the client */
    }
  };
  const onRemove = async (id: number) => {
    if (await Dialog.confirm({ content: t('account.removeConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') })) {
      await remove.mutateAsync(id).catch(() => undefined);
    }
  };
  return (
    <div>
      <List header={t('account.myAccounts')}>
        {data?.list.map((a) => (
          <SwipeAction
            key={a.user_id}
            rightActions={
              a.current ? [] : [{ key: 'del', text: t('common.delete'), color: 'danger', onClick: () => void onRemove(a.user_id) }]
            }
          >
            <List.Item
              prefix={<Avatar src={a.avatar} />}
              description={`ID: ${a.user_account}`}
              extra={
                a.current ? (
                  <Tag color="primary">{t('account.current')}</Tag>
                ) : (
                  <Button size="mini" color="primary" onClick={() => void onSwitch(a.user_id)} data-testid={`switch-${a.user_account}`}>
                    {t('account.switch')}
                  </Button>
                )
              }
            >
              {a.nickname || a.user_account}
            </List.Item>
          </SwipeAction>
        ))}
      </List>
      <p className="muted" style={{ padding: '0 16px' }}>
        {t('account.swipeToRemove')}
      </p>
      <div className="form-footer">
        <Button block color="primary" fill="outline" onClick={() => nav.navigateTo(paths.addAccount)} data-testid="add-account">
          {t('account.addAccount')}
        </Button>
      </div>
    </div>
  );
}
