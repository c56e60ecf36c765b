import { formatDateTime } from '../../dates.ts';
import { Image, Space, Tag, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import {
  logisticsStageText,
  parcelCategoryText,
  shipmentText,
  type LogisticsStage,
  type Money,
  type PackStatus,
  type ParcelStatus,
} from '@pinyou/contract';
import { consoleLang, defineStrings, useConsoleLang, useT, type ConsoleLang } from '../../i18n.ts';
import { money } from '../money.ts';
import { adminUploadImage } from '../admin/api/admin-upload-image.ts';

const strings = defineStrings({
  en: {
    noBill: 'No bill yet',
    billUnpaid: '#{id} unpaid',
    billVoid: '#{id} void',
    billPaid: '#{id} paid',
    noPhotos: 'No photos',
    addPhoto: '+ Photo',
  },
  zh_CN: {
    noBill: '尚未出账单',
    billUnpaid: '#{id} 未支付',
    billVoid: '#{id} 已作废',
    billPaid: '#{id} 已支付',
    noPhotos: '暂无照片',
    addPhoto: '+ 照片',
  },
});

/** A Money object as S$12.30 / ¥12.30, through the console's one formatter. */
export const formatMoney = (m: Money | null | undefined): string => money(m);

export const dateTime = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

/** The words come from the console's enum vocabulary; `text` is the English one (other pages read it). */
type StatusLabel = { text: string; zh_CN: string; color: string };

// The words are the contract's one vocabulary (parcels.status.ts), as the app and the assistant say them:
// a paid parcel waiting for its packing date is "Paid", never "shipping".
const label = (w: { en: string; zh_CN: string }, color: string): StatusLabel => ({ text: w.en, zh_CN: w.zh_CN, color });
const packWords = (pack_status: PackStatus) => ({ en: shipmentText({ pack_status }, 'en'), zh_CN: shipmentText({ pack_status }, 'zh_CN') });

export const parcelStatusLabel: Record<ParcelStatus, StatusLabel> = {
  pending: label(parcelCategoryText.pending, 'default'),
  warehouse: label(parcelCategoryText.warehouse, 'blue'),
  unpaid: label(parcelCategoryText.unpaid, 'orange'),
  ship: label(parcelCategoryText.ship, 'cyan'),
  received: label(parcelCategoryText.received, 'green'),
  return: label(parcelCategoryText.return, 'magenta'),
};

export const packStatusLabel: Record<PackStatus, StatusLabel> = {
  applied: label(packWords('applied'), 'default'),
  packed: label(packWords('packed'), 'orange'),
  paid: label(packWords('paid'), 'blue'),
  shipped: label({ en: 'On the way', zh_CN: '运输中' }, 'cyan'),
  delivered: label(packWords('delivered'), 'green'),
  received: label({ en: 'Received by customer', zh_CN: '客户已签收' }, 'green'),
  cancelled: label(packWords('cancelled'), 'red'),
};

/** A status label's text in the given (default: the chosen) console language. */
export const statusText = (l: StatusLabel, lang: ConsoleLang = consoleLang()) => (lang === 'zh_CN' ? l.zh_CN : l.text);

/** The contract's stage name in the chosen language; read at render time, so pages re-render with the switch. */
export const stageLabel = (s: LogisticsStage | null | undefined, lang: ConsoleLang = consoleLang()) =>
  s ? logisticsStageText[s][lang] : '—';

export function ParcelStatusTag({ status }: { status: ParcelStatus }) {
  const lang = useConsoleLang();
  const l = parcelStatusLabel[status];
  return <Tag color={l.color}>{statusText(l, lang)}</Tag>;
}

export function PackStatusTag({ status }: { status: PackStatus }) {
  const lang = useConsoleLang();
  const l = packStatusLabel[status];
  return <Tag color={l.color}>{statusText(l, lang)}</Tag>;
}

/** The pack's bill as staff think of it: none yet, unpaid, paid or void. */
export function BillStatusTag({ status, billId }: { status: PackStatus; billId: number | null }) {
  const t = useT(strings);
  if (!billId) return <Tag>{t('noBill')}</Tag>;
  if (status === 'packed') return <Tag color="orange">{t('billUnpaid', { id: billId })}</Tag>;
  if (status === 'cancelled') return <Tag color="red">{t('billVoid', { id: billId })}</Tag>;
  return <Tag color="green">{t('billPaid', { id: billId })}</Tag>;
}

export const sizeText = (s: { length_cm: number; width_cm: number; height_cm: number } | null | undefined) =>
  s ? `${s.length_cm}×${s.width_cm}×${s.height_cm} cm` : '—';

export function Photos({ urls }: { urls: string[] }) {
  const t = useT(strings);
  if (urls.length === 0) return <Typography.Text type="secondary">{t('noPhotos')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((u) => (
          <Image key={u} src={u} width={72} height={72} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** Photo picker that uploads each image through the staff upload call; `capture` opens the phone camera. */
export function PhotoUploader({ files, onChange, max = 9 }: { files: UploadFile[]; onChange: (f: UploadFile[]) => void; max?: number }) {
  const [, force] = useState(0);
  const t = useT(strings);
  return (
    <Upload
      data-testid="scan-photos"
      listType="picture-card"
      accept="image/*"
      capture="environment"
      multiple
      fileList={files}
      maxCount={max}
      onChange={(e) => {
        onChange(e.fileList);
        force((x) => x + 1);
      }}
      customRequest={async (opts) => {
        try {
          const res = await adminUploadImage({ purpose: 'photo' }, { file: opts.file as File });
          opts.onSuccess?.(res);
        } catch (e) {
          opts.onError?.(e as Error);
        }
      }}
    >
      {files.length < max && t('addPhoto')}
    </Upload>
  );
}

/** URLs of the photos that finished uploading. */
export const uploadedUrls = (files: UploadFile[]) =>
  files.filter((f) => f.status === 'done').map((f) => (f.response as { url: string }).url);

/** Decimal text (e.g. "12.30") to minor units; null when it is not a non-negative amount with at most 2 decimals. */
export function toMinor(v: string | number | null | undefined): number | null {
  const t = String(v ?? '').trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [i, f = ''] = t.split('.');
  return Number(i) * 100 + Number(f.padEnd(2, '0'));
}
