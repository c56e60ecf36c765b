import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Icon } from '../../components/icon.tsx';
import { toast } from '../../lib/feedback.ts';
import { useTranslation } from '../../lib/translation.ts';
import { ContactLink } from '../../components/contact-link.tsx';
import { useAuthInfo, useSystemSetting, isLoggedIn } from '../../lib/session.ts';
import { copyText } from '../../lib/clipboard.ts';
import { nav } from '../../lib/nav.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { paths } from '../../lib/paths.ts';
// Off the critical path: they show only after the session and settings have loaded anyway.
const ParcelAlerts = lazy(() => import('../../features/parcels/components/home-alerts.tsx'));
const BillsAlert = lazy(() => import('../../features/payment/components/bills-alert.tsx'));
const loadNoticeBar = () => import('antd-mobile/es/components/notice-bar');
const NoticeBar = lazy(() => loadNoticeBar().then((m) => ({ default: m.default })));

/**
 * The notices above the entries arrive after the screen has drawn (settings, slides, notices, the notice bar's
 * code); drawing the entries and the warehouse address before them had them pushed down as each arrived
 * (layout shift, and taps landing on the wrong row). So what is below the notices waits until they are
 * settled — answered or failed — or at most a few seconds; the hero and the modes above draw at once. The same
 * for the signed-in customer's banners (bills to pay, parcels to complete) above the notices: the notices show
 * once the banners have answered, so a banner arriving late does not push the carousel down.
 */
const HOLD_BELOW_MS = 3000;
function useNoticesSettled(settingsPending: boolean, notice: boolean, alertsPending: boolean) {
  const [noticesSettled, setNoticesSettled] = useState(false);
  const [noticeBarLoaded, setNoticeBarLoaded] = useState(false);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setWaited(true), HOLD_BELOW_MS);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (notice) void loadNoticeBar().then(() => setNoticeBarLoaded(true));
  }, [notice]);
  const alertsShown = waited || !alertsPending;
  const settled = alertsShown && (waited || (!settingsPending && noticesSettled && (!notice || noticeBarLoaded)));
  const onNoticesSettled = useCallback(() => setNoticesSettled(true), []);
  return { settled, alertsShown, onNoticesSettled };
}

/** Whether the signed-in customer's two home banners have answered (or failed). */
function useAlertsSettled() {
  const [settled, setSettled] = useState({ bills: false, parcels: false });
  const onBills = useCallback(() => setSettled((s) => (s.bills ? s : { ...s, bills: true })), []);
  const onParcels = useCallback(() => setSettled((s) => (s.parcels ? s : { ...s, parcels: true })), []);
  return { pending: isLoggedIn() && !(settled.bills && settled.parcels), onBills, onParcels };
}

// The notices load after the home screen has drawn: none of their code is on the critical path.
const HomeNotices = lazy(() => import('../../features/content/components/home-notices.tsx'));
const HomeRecommend = lazy(() => import('../../features/mall/components/home-recommend.tsx'));

/** Home: transport modes, notice, entries (leader map, fee calculation, ...), warehouse address with copy, guide. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { data: settings, isPending: settingsPending } = useSystemSetting();
  const { data: user, dataUpdatedAt: userCheckedAt } = useAuthInfo();
  const lang = currentLanguage();
  const alerts = useAlertsSettled();
  const below = useNoticesSettled(settingsPending, !!settings?.notice, alerts.pending);
  const w = settings?.warehouse;
  const marker = user ? `(${user.user_account})` : t('home.yourId');
  const full = w ? `${w.receiver}${marker} ${w.phone} ${w.province}${w.city}${w.district}${w.address} ${w.postcode}` : '';

  const modes = [
    { key: 'GROUP', icon: <Icon name="team" />, name: t('home.modeGroup'), desc: t('home.modeGroupDesc') },
    { key: 'SEA', icon: <Icon name="ship" />, name: t('home.modeSea'), desc: t('home.modeSeaDesc') },
    { key: 'AIR', icon: <Icon name="plane" />, name: t('home.modeAir'), desc: t('home.modeAirDesc') },
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
  const go = (to: (typeof paths)[keyof typeof paths], query?: Record<string, string>) => {
    if (!isLoggedIn() && to !== paths.calculateFreight && to !== paths.map) nav.navigateTo(paths.infoEdit, { isLogin: 1 });
    else nav.navigateTo(to, query);
  };
  const copy = (text: string) => void copyText(text).then((ok) => toast(ok ? t('common.copied') : t('common.copyFailed')));
  // Each field on its own (Taobao's and JD's address forms ask field by field), receiver with the user's code.
  const fields = w
    ? [
        { key: 'receiver', label: t('home.receiver'), value: `${w.receiver}${marker}` },
        { key: 'phone', label: t('home.phone'), value: w.phone },
        { key: 'region', label: t('home.region'), value: `${w.province} ${w.city} ${w.district}` },
        { key: 'address', label: t('home.address'), value: w.address },
        { key: 'postcode', label: t('home.postcode'), value: w.postcode },
      ]
    : [];
  return (
    <div>
      <div className="hero">
        <LanguageSwitch className="hero-lang" />
        <h1>{t('app.name')}</h1>
        <p>{t('home.slogan')}</p>
      </div>
      <div className="modes">
        {modes.map((m) => (
          <div
            className="mode"
            key={m.key}
            role="button"
            tabIndex={0}
            onClick={() => go(paths.orderCreate, { mode: m.key })}
            onKeyDown={(e) => e.key === 'Enter' && go(paths.orderCreate, { mode: m.key })}
            data-testid={`home-mode-${m.key}`}
          >
            <div className="icon" aria-hidden>
              {m.icon}
            </div>
            <div className="name">{m.name}</div>
            <div className="desc">{m.desc}</div>
          </div>
        ))}
      </div>
      {/* After the session's user info has come back, so a stale stored session makes one login redirect, not two. */}
      {isLoggedIn() && !!user && userCheckedAt > 0 && (
        <Suspense fallback={null}>
          <BillsAlert onSettled={alerts.onBills} />
          <ParcelAlerts onSettled={alerts.onParcels} />
        </Suspense>
      )}
      {/* Loaded meanwhile, shown once the banners above are settled (useNoticesSettled). */}
      <div hidden={!below.alertsShown}>
        {settings?.notice && (
          <Suspense fallback={<div className="alert notice-placeholder">{settings.notice[lang]}</div>}>
            <NoticeBar className="alert" content={settings.notice[lang]} color="info" wrap />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <HomeNotices onSettled={below.onNoticesSettled} />
        </Suspense>
      </div>
      {below.settled && (
        <>
          <div className="section">
            <div className="grid-entries">
              {entries.map((e) => (
                <div
                  className="entry"
                  key={e.label}
                  role="button"
                  tabIndex={0}
                  onClick={() => go(e.to)}
                  onKeyDown={(k) => k.key === 'Enter' && go(e.to)}
                >
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
              <button type="button" className="copy-all" onClick={() => copy(full)} data-testid="copy-all">
                {t('home.copyAll')}
              </button>
            </div>
            {fields.map((f) => (
              <div className="copy-line" key={f.key}>
                <span className="k">{f.label}</span>
                <span className="v" data-testid={`wh-${f.key}`}>
                  {f.key === 'phone' ? <ContactLink kind="phone" value={f.value} /> : f.value}
                </span>
                <button
                  type="button"
                  className="copy-field"
                  onClick={() => copy(f.value)}
                  aria-label={t('home.copyField', { field: f.label })}
                  data-testid={`copy-${f.key}`}
                >
                  {t('common.copy')}
                </button>
              </div>
            ))}
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
            <a
              className="muted"
              href={`#/${paths.articleDetail}?slug=how-to-ship`}
              onClick={(e) => {
                e.preventDefault();
                nav.navigateTo(paths.articleDetail, { slug: 'how-to-ship' });
              }}
              data-testid="guide-more"
            >
              {t('home.guideMore')} ›
            </a>
          </div>
          {settings?.service && (
            <div className="section">
              <div className="section-title">{t('home.contact')}</div>
              <div className="contact-lines">
                <div>
                  WhatsApp: <ContactLink kind="whatsapp" value={settings.service.whatsapp} testId="whatsapp" />
                </div>
                <div>
                  {t('home.phone')}: <ContactLink kind="phone" value={settings.service.phone} testId="service-phone" />
                </div>
                <div>
                  {t('home.email')}: <ContactLink kind="email" value={settings.service.email} testId="service-email" />
                </div>
                <div className="muted">WeChat: {settings.service.wechat}</div>
              </div>
              <div className="muted">{settings.service.hours[lang]}</div>
            </div>
          )}
          <Suspense fallback={null}>
            <HomeRecommend />
          </Suspense>
        </>
      )}
    </div>
  );
}
