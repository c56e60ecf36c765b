import { Button, Image, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { DEFAULT_OFFICIAL_ACCOUNT_QR } from '@pinyou/contract';
import { useSystemSetting } from '../../../lib/session.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { loadGate } from '../../../components/query-state.tsx';

/** Follow the official account: its QR code (set by staff in the console's settings) and name. */
export default function GzhScreen() {
  const { t } = useTranslation();
  const q = useSystemSetting();
  const gate = loadGate(q);
  if (gate) return gate;
  const oa = q.data?.official_account;
  const qr = oa?.qr_url || DEFAULT_OFFICIAL_ACCOUNT_QR;
  // Until staff upload the account's QR code the picture is only WeChat's logo: never call it a QR code
  // or ask people to scan it.
  const hasQr = qr !== DEFAULT_OFFICIAL_ACCOUNT_QR;
  return (
    <div className="section" style={{ textAlign: 'center' }}>
      <div className="section-title">{t('gzh.title')}</div>
      <Image
        src={qr}
        width={220}
        height={220}
        fit="contain"
        style={{ margin: '12px auto' }}
        alt={hasQr ? t('gzh.qrAlt', { name: oa?.name ?? '' }) : t('gzh.logoAlt')}
        data-testid="gzh-qr"
      />
      <p style={{ fontWeight: 600 }} data-testid="gzh-name">
        {oa?.name}
      </p>
      <p className="muted" data-testid="gzh-hint">
        {hasQr ? t('gzh.hint') : t('gzh.hintNoQr')}
      </p>
      <Button
        color="primary"
        fill="outline"
        style={{ minHeight: 44 }}
        onClick={() =>
          void copyText(oa?.name ?? '').then((ok) => Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') }))
        }
      >
        {t('gzh.copyName')}
      </Button>
    </div>
  );
}
