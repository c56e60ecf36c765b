import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { defineStrings, useT } from '../../i18n.ts';
import { getBatchManifestLink } from './api/batch-manifest.ts';

const strings = defineStrings({
  en: {
    manifest: "Broker's customs manifest",
    xlsx: 'Download xlsx',
    csv: 'Download CSV',
    hint: 'One row per parcel: description, HS category, quantity, value, consignee. Every download is recorded.',
  },
  zh_CN: {
    manifest: '报关行申报清单',
    xlsx: '下载 xlsx',
    csv: '下载 CSV',
    hint: '每个包裹一行：英文品名、HS类别、数量、货值、收件人。每次下载均会记录。',
  },
});

/** Downloads the batch's manifest through the signed link the server gives (a file, not an envelope). */
export function ManifestButtons({ batchId }: { batchId: number }) {
  const t = useT(strings);
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const link = await getBatchManifestLink({ batch_id: batchId, format });
      const a = document.createElement('a');
      a.href = link.url;
      a.download = link.file_name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch {
      /* the request client already showed why */
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap data-testid="batch-manifest">
      <Typography.Text strong>{t('manifest')}</Typography.Text>
      <Button loading={busy === 'xlsx'} onClick={() => void download('xlsx')} data-testid="manifest-xlsx">
        {t('xlsx')}
      </Button>
      <Button loading={busy === 'csv'} onClick={() => void download('csv')} data-testid="manifest-csv">
        {t('csv')}
      </Button>
      <Typography.Text type="secondary">{t('hint')}</Typography.Text>
    </Space>
  );
}
