import { Button, Image, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
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
  return (
    <div className="section" style={{ textAlign: 'center' }}>
      <div className="section-title">{t('gzh.title')}</div>
      <Image
        src={qr}
        width={220}
        height={220}
        fit="contain"
        style={{ margin: '12px auto' }}
        alt={t('gzh.qrAlt', { name: oa?.name ?? '' })}
        data-testid="gzh-qr"
      />
      <p style={{ fontWeight: 600 }} data-testid="gzh-name">
        {oa?.name}
      </p>
      <p className="muted">{t('gzh.hint')}</p>
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
