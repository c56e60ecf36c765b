import { formatDateTime } from '../../dates.ts';
import { Image, Space, Tag, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { contract, logisticsStageText, type LogisticsStage, type Money, type PackStatus, type ParcelStatus } from '@pinyou/contract';
import { call } from '../../api.ts';
import { money } from '../money.ts';

/** A Money object as S$12.30 / ¥12.30, through the console's one formatter. */
export const formatMoney = (m: Money | null | undefined): string => (m ? money(m.amount_minor, m.currency) : '—');

export const dateTime = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

export const parcelStatusLabel: Record<ParcelStatus, { text: string; color: string }> = {
  pending: { text: 'Declared, not arrived', color: 'default' },
  warehouse: { text: 'In warehouse', color: 'blue' },
  unpaid: { text: 'Packed, unpaid', color: 'orange' },
  ship: { text: 'Paid / shipping', color: 'cyan' },
  received: { text: 'Received', color: 'green' },
  return: { text: 'Return', color: 'magenta' },
};

export const packStatusLabel: Record<PackStatus, { text: string; color: string }> = {
  applied: { text: 'Packing requested', color: 'default' },
  packed: { text: 'Packed, awaiting payment', color: 'orange' },
  paid: { text: 'Paid, awaiting shipment', color: 'blue' },
  shipped: { text: 'Shipped', color: 'cyan' },
  delivered: { text: 'Delivered', color: 'green' },
  received: { text: 'Received by customer', color: 'green' },
  cancelled: { text: 'Cancelled', color: 'red' },
};

export const stageLabel = (s: LogisticsStage | null | undefined) => (s ? logisticsStageText[s].en : '—');

export function ParcelStatusTag({ status }: { status: ParcelStatus }) {
  const l = parcelStatusLabel[status];
  return <Tag color={l.color}>{l.text}</Tag>;
}

export function PackStatusTag({ status }: { status: PackStatus }) {
  const l = packStatusLabel[status];
  return <Tag color={l.color}>{l.text}</Tag>;
}

/** The pack's bill as staff think of it: none yet, unpaid, paid or void. */
export function BillStatusTag({ status, billId }: { status: PackStatus; billId: number | null }) {
  if (!billId) return <Tag>No bill yet</Tag>;
  if (status === 'packed') return <Tag color="orange">#{billId} unpaid</Tag>;
  if (status === 'cancelled') return <Tag color="red">#{billId} void</Tag>;
  return <Tag color="green">#{billId} paid</Tag>;
}

export const sizeText = (s: { length_cm: number; width_cm: number; height_cm: number } | null | undefined) =>
  s ? `${s.length_cm}×${s.width_cm}×${s.height_cm} cm` : '—';

export function Photos({ urls }: { urls: string[] }) {
  if (urls.length === 0) return <Typography.Text type="secondary">No photos</Typography.Text>;
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
          const res = await call(contract.admin.adminUploadImage, { purpose: 'photo' }, { file: opts.file as File });
          opts.onSuccess?.(res);
        } catch (e) {
          opts.onError?.(e as Error);
        }
      }}
    >
      {files.length < max && '+ Photo'}
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
export const fromMinor = (m: number) => (m / 100).toFixed(2);
