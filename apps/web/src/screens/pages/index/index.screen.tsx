import { lazy, Suspense } from 'react';
import { NoticeBar, Button } from 'antd-mobile';
import { Icon } from '../../../components/icon.tsx';
import { toast } from '../../../lib/feedback.ts';
import { useTranslation } from 'react-i18next';
import { useAuthInfo, useSystemSetting, isLoggedIn } from '../../../lib/session.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { nav } from '../../../lib/nav.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../app/paths.ts';
import ParcelAlerts from '../../../features/parcels/components/home-alerts.tsx';

// The notices load after the home screen has drawn: none of their code is on the critical path.
const HomeNotices = lazy(() => import('../../../features/content/components/home-notices.tsx'));

/** Home: transport modes, notice, entries (leader map, fee calculation, ...), warehouse address with copy, guide. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { data: settings } = useSystemSetting();
  const { data: user, dataUpdatedAt: userCheckedAt } = useAuthInfo();
  const lang = currentLanguage();
  const w = settings?.warehouse;
  const marker = user ? `(${user.user_account})` : t('home.yourId');
  const full = w ? `${w.receiver}${marker} ${w.phone} ${w.province}${w.city}${w.district}${w.address} ${w.postcode}` : '';

  const modes = [
    { key: 'group', icon: <Icon name="team" />, name: t('home.modeGroup'), desc: t('home.modeGroupDesc') },
    { key: 'sea', icon: <Icon name="ship" />, name: t('home.modeSea'), desc: t('home.modeSeaDesc') },
    { key: 'air', icon: <Icon name="plane" />, name: t('home.modeAir'), desc: t('home.modeAirDesc') },
  ];
  const entries = [
    { icon: <Icon name="box" />, label: t('home.declare'), to: paths.orderCreate },
    { icon: <Icon name="calc" />, label: t('home.calculate'), to: paths.calculateFreight },
    { icon: <Icon name="pin" />, label: t('home.leaderMap'), to: paths.map },
    { icon: <Icon name="list" />, label: t('home.myOrders'), to: paths.orderAll },
    { icon: <Icon name="wallet" />, label: t('home.recharge'), to: paths.recharge },
    { icon: <Icon name="coupon" />, label: t('home.coupons'), to: paths.myCoupon },
    { icon: <Icon name="file" />, label: t('home.batch'), to: paths.batchOrder },
    { icon: <Icon name="chat" />, label: t('home.service'), to: paths.customerService },
  ];
  const go = (to: (typeof paths)[keyof typeof paths]) => {
    if (!isLoggedIn() && to !== paths.calculateFreight && to !== paths.map) nav.navigateTo(paths.infoEdit, { isLogin: 1 });
    else nav.navigateTo(to);
  };
  return (
    <div>
      <div className="hero">
        <h1>{t('app.name')}</h1>
        <p>{t('home.slogan')}</p>
      </div>
      <div className="modes">
        {modes.map((m) => (
          <div className="mode" key={m.key} onClick={() => go(paths.orderCreate)}>
            <div className="icon" aria-hidden>
              {m.icon}
            </div>
            <div className="name">{m.name}</div>
            <div className="desc">{m.desc}</div>
          </div>
        ))}
      </div>
      {/* After the session's user info has come back, so a stale stored session makes one login redirect, not two. */}
      {isLoggedIn() && !!user && userCheckedAt > 0 && <ParcelAlerts />}
      {settings?.notice && <NoticeBar className="alert" content={settings.notice[lang]} color="info" wrap />}
      <Suspense fallback={null}>
        <HomeNotices />
      </Suspense>
      <div className="section">
        <div className="grid-entries">
          {entries.map((e) => (
            <div className="entry" key={e.label} onClick={() => go(e.to)}>
              <span className="icon" aria-hidden>
                {e.icon}
              </span>
              {e.label}
            </div>
          ))}
        </div>
      </div>
      <div className="section" data-testid="warehouse">
        <div className="row between">
          <div className="section-title">{t('home.warehouse')}</div>
          <Button
            size="mini"
            color="primary"
            fill="outline"
            onClick={() => void copyText(full).then((ok) => toast(ok ? t('common.copied') : t('common.copyFailed')))}
          >
            {t('common.copy')}
          </Button>
        </div>
        {w && (
          <>
            <div className="copy-line">
              <span className="k">{t('home.receiver')}</span>
              <span className="v">
                {w.receiver}
                {marker}
              </span>
            </div>
            <div className="copy-line">
              <span className="k">{t('home.phone')}</span>
              <span className="v">{w.phone}</span>
            </div>
            <div className="copy-line">
              <span className="k">{t('home.region')}</span>
              <span className="v">
                {w.province} {w.city} {w.district}
              </span>
            </div>
            <div className="copy-line">
              <span className="k">{t('home.address')}</span>
              <span className="v">{w.address}</span>
            </div>
            <div className="copy-line">
              <span className="k">{t('home.postcode')}</span>
              <span className="v">{w.postcode}</span>
            </div>
          </>
        )}
        <p className="muted">{t('home.warehouseHint')}</p>
      </div>
      <div className="section">
        <div className="section-title">{t('home.guide')}</div>
        <ol style={{ margin: 0, paddingLeft: 18, fontSize: 13, lineHeight: 1.8, color: '#444' }}>
          <li>{t('home.step1')}</li>
          <li>{t('home.step2')}</li>
          <li>{t('home.step3')}</li>
          <li>{t('home.step4')}</li>
        </ol>
        <a className="muted" onClick={() => nav.navigateTo(paths.articleDetail, { slug: 'how-to-ship' })} data-testid="guide-more">
          {t('home.guideMore')} ›
        </a>
      </div>
      {settings?.service && (
        <div className="section">
          <div className="section-title">{t('home.contact')}</div>
          <div className="muted">
            WeChat: {settings.service.wechat} · WhatsApp: {settings.service.whatsapp}
          </div>
          <div className="muted">{settings.service.hours[lang]}</div>
        </div>
      )}
    </div>
  );
}
