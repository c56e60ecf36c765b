import { useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { contract, storageDate, type Parcel } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { useCan } from '../../staff.ts';
import { formatMoney } from './parcels-common.tsx';
import { adminParcelDispose } from './api/admin-parcel-dispose.ts';

/** The storage policy on a parcel (issue 37): free until, fee so far, and disposal after the disposal date. */
export const storageStrings = defineStrings({
  en: {
    storage: 'Storage',
    freeUntil: 'free until {date}',
    soFar: 'so far {amount}',
    disposableFrom: 'may be disposed of from {date}',
    overdue: 'past the disposal date',
    dispose: 'Dispose of parcel',
    disposeConfirm: 'Dispose of this parcel? Only when its owner was told in advance; this cannot be undone.',
  },
  zh_CN: {
    storage: '仓储',
    freeUntil: '免费至 {date}',
    soFar: '已产生 {amount}',
    disposableFrom: '自 {date} 起可处置',
    overdue: '已过处置日期',
    dispose: '处置包裹',
    disposeConfirm: '确认处置该包裹？须已提前通知货主，操作不可撤销。',
  },
});

type Storage = NonNullable<Parcel['storage']>;

/** "free until 29 Dec 2026 · so far S$2.20 · may be disposed of from …". */
export function StorageText({ storage }: { storage: Storage }) {
  const t = useT(storageStrings);
  const overdue = storageDate(new Date()) >= storage.disposable_from;
  return (
    <Space size={4} wrap data-testid="parcel-storage">
      <span>{t('freeUntil', { date: storage.free_until })}</span>
      {storage.fee_so_far.amount_minor > 0 && <span>· {t('soFar', { amount: formatMoney(storage.fee_so_far) })}</span>}
      <span>· {t('disposableFrom', { date: storage.disposable_from })}</span>
      {overdue && <Tag color="red">{t('overdue')}</Tag>}
    </Space>
  );
}

/** The warehouse disposes of a parcel past its disposal date; the server checks the owner was told, and audits it. */
export function DisposeButton({ id, storage, onDone }: { id: number; storage: Storage; onDone: () => void }) {
  const t = useT(storageStrings);
  const can = useCan();
  const [busy, setBusy] = useState(false);
  if (!can(contract.parcelsAdmin.adminParcelDispose) || storageDate(new Date()) < storage.disposable_from) return null;
  return (
    <Popconfirm
      title={t('disposeConfirm')}
      onConfirm={async () => {
        setBusy(true);
        try {
          await adminParcelDispose({ id });
          onDone();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button danger loading={busy} data-testid="dispose-parcel">
        {t('dispose')}
      </Button>
    </Popconfirm>
  );
}
