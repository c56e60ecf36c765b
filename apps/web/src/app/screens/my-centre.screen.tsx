import { ActionSheet, Avatar, Button, Dialog, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useStrings } from '../../lib/i18n.ts';
import type { Language } from '@pinyou/contract';
import { isLoggedIn, useAuthInfo } from '../../lib/session.ts';
import { currentLanguage, setLanguage } from '../../lib/i18n.ts';
import { nav } from '../../lib/nav.ts';
import { buildShareLink } from '../../lib/launch.ts';
import { copyText } from '../../lib/clipboard.ts';
import { Icon } from '../../components/icon.tsx';
import { useLogout } from '../../features/account/api/logout.ts';
import { paths } from '../../lib/paths.ts';
import { useParcelCounts } from '../../features/parcels/api/parcel-counts.ts';
import { WalletCard } from '../../features/wallet/components/wallet-card.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { MallOrdersEntry } from '../../features/mall/components/mall-orders-entry.tsx';

/** Personal centre: who you are, your account tools, language, logout. */
export default function MyScreen() {
  useStrings('account', 'wallet', 'notifications', 'mall');
  const { t } = useTranslation();
  const { data: user, dataUpdatedAt: userCheckedAt } = useAuthInfo();
  const logout = useLogout();
  const [langOpen, setLangOpen] = useState(false);
  const loggedIn = isLoggedIn() && !!user;
  // After the session's user info has come back, so a stale stored session makes one login redirect, not two.
  const countsQ = useParcelCounts(loggedIn && userCheckedAt > 0);
  const counts = countsQ.data;

  const requireLogin = (to: (typeof paths)[keyof typeof paths], query?: Record<string, string | number>) => () =>
    loggedIn ? nav.navigateTo(to, query) : nav.navigateTo(paths.infoEdit, { isLogin: 1 });

  const onLogout = async () => {
    if (!(await Dialog.confirm({ content: t('my.logoutConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') })))
      return;
    await logout.mutateAsync().catch(() => undefined);
    nav.reLaunch(paths.my);
  };
  const onShare = async () => {
    if (!user) return;
    const ok = await copyText(buildShareLink(window.location.origin, user));
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') });
  };

  return (
    <div>
      <div
        className="user-card"
        onClick={loggedIn ? requireLogin(paths.infoEdit) : () => nav.navigateTo(paths.infoEdit, { isLogin: 1 })}
        data-testid="user-card"
      >
        <Avatar src={user?.avatar ?? ''} style={{ '--size': '60px', '--border-radius': '50%' } as never} />
        {loggedIn ? (
          <div>
            <div className="name">
              {user.nickname || user.user_account}
              <span className="badge">{t(`role.${user.role}`)}</span>
            </div>
            <div className="sub">ID: {user.user_account}</div>
            {user.group_name && (
              <div className="sub">
                {t('my.group')}: {user.group_name}
              </div>
            )}
          </div>
        ) : (
          <div>
            <div className="name">{t('my.loginOrRegister')}</div>
            <div className="sub">{t('my.loginHint')}</div>
          </div>
        )}
        {loggedIn && <NotificationBell enabled={userCheckedAt > 0} />}
      </div>
      <div className="section my-parcels" data-testid="my-parcels">
        <div className="row between">
          <div className="section-title">{t('my.parcels')}</div>
          <span className="muted" onClick={requireLogin(paths.orderAll)}>
            {t('my.allParcels')}
          </span>
        </div>
        {loggedIn && countsQ.isError && (
          <button type="button" className="btn-link" onClick={() => void countsQ.refetch()} data-testid="counts-retry">
            {t('state.failTitle')} · {t('state.retry')}
          </button>
        )}
        <div className="grid-entries">
          {(['pending', 'warehouse', 'unpaid', 'ship'] as const).map((s) => (
            <div className="entry" key={s} onClick={requireLogin(paths.orderAll, { tab: s })} data-testid={`my-parcels-${s}`}>
              {/* A count not known (loading, failed) is a dash, never a 0 that claims "none". */}
              <span className="count">{loggedIn ? (counts?.[s] ?? '–') : 0}</span>
              {t(`my.parcelTabs.${s}`)}
            </div>
          ))}
        </div>
      </div>
      {loggedIn && <WalletCard />}
      <MallOrdersEntry loggedIn={loggedIn} ready={loggedIn && userCheckedAt > 0} />
      <List header={t('my.account')}>
        <List.Item prefix={<Icon name="pin" />} onClick={requireLogin(paths.addressList)}>
          {t('my.addresses')}
        </List.Item>
        <List.Item prefix={<Icon name="swap" />} onClick={requireLogin(paths.changeAccount)}>
          {t('my.changeAccount')}
        </List.Item>
        {loggedIn && user.roles.length > 1 && (
          <List.Item prefix={<Icon name="roles" />} onClick={requireLogin(paths.changeRole)}>
            {t('my.changeRole')}
          </List.Item>
        )}
        <List.Item
          prefix={<Icon name="key" />}
          onClick={loggedIn ? requireLogin(paths.forgetPassword, { mode: 'change' }) : () => nav.navigateTo(paths.forgetPassword)}
        >
          {loggedIn ? t('account.changePassword') : t('account.forgot')}
        </List.Item>
        {loggedIn && (
          <List.Item prefix={<Icon name="link" />} onClick={() => void onShare()}>
            {t('my.share')}
          </List.Item>
        )}
      </List>
      <List header={t('my.more')}>
        <List.Item
          prefix={<Icon name="globe" />}
          extra={currentLanguage() === 'en' ? 'English' : '简体中文'}
          onClick={() => setLangOpen(true)}
          data-testid="language"
        >
          {t('my.language')}
        </List.Item>
        <List.Item prefix={<Icon name="sound" />} onClick={() => nav.navigateTo(paths.gzh)}>
          {t('my.gzh')}
        </List.Item>
      </List>
      {loggedIn && (
        <div className="form-footer">
          <Button block color="danger" fill="outline" onClick={() => void onLogout()} data-testid="logout">
            {t('my.logout')}
          </Button>
        </div>
      )}
      <ActionSheet
        visible={langOpen}
        onClose={() => setLangOpen(false)}
        cancelText={t('common.cancel')}
        actions={[
          { key: 'zh_CN', text: '简体中文' },
          { key: 'en', text: 'English' },
        ]}
        onAction={(a) => {
          void setLanguage(a.key as Language);
          setLangOpen(false);
        }}
      />
    </div>
  );
}
