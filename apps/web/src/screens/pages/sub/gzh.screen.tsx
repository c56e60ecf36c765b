import { Button, Image, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSystemSetting } from '../../../lib/session.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** Follow the official account: its QR code and name. */
export default function GzhScreen() {
  const { t } = useTranslation();
  const { data: settings } = useSystemSetting();
  const oa = settings?.official_account;
  return (
    <div className="section" style={{ textAlign: 'center' }}>
      <div className="section-title">{t('gzh.title')}</div>
      {oa?.qr_url && <Image src={oa.qr_url} width={200} height={200} style={{ margin: '12px auto' }} alt={oa.name} />}
      <p>{oa?.name}</p>
      <p className="muted">{t('gzh.hint')}</p>
      <Button
        color="primary"
        fill="outline"
        onClick={() =>
          void copyText(oa?.name ?? '').then((ok) => Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') }))
        }
      >
        {t('gzh.copyName')}
      </Button>
    </div>
  );
}
