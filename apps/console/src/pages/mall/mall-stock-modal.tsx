import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Space, Table } from 'antd';
import { contract, type ResponseOf } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import { LoadError, Thumb } from './mall-common.tsx';
import { adminMallProduct } from './api/admin-mall-product.ts';
import { adminSetMallStock } from './api/admin-set-mall-stock.ts';

type Sku = ResponseOf<typeof contract.mallAdmin.adminMallProduct>['skus'][number];

const strings = defineStrings({
  en: {
    title: 'Stock: {name}',
    spec: 'Specification',
    price: 'Price',
    stock: 'Stock',
    save: 'Save',
    saved: 'Stock of {spec} is now {n}',
    single: '(single)',
  },
  zh_CN: {
    title: '库存：{name}',
    spec: '规格',
    price: '价格',
    stock: '库存',
    save: '保存',
    saved: '{spec} 的库存已改为 {n}',
    single: '（单规格）',
  },
});

/** One SKU's stock: typed and saved on its own (the server keeps what customers already hold). */
function StockCell({ sku, onSaved }: { sku: Sku; onSaved: (n: number) => void }) {
  const t = useT(strings);
  const [value, setValue] = useState<number | null>(sku.stock);
  const [busy, setBusy] = useState(false);
  return (
    <Space.Compact>
      <InputNumber min={0} max={1_000_000} precision={0} value={value} onChange={setValue} data-testid={`mall-sku-stock-${sku.id}`} />
      <Button
        loading={busy}
        disabled={value === null || value === sku.stock}
        data-testid={`mall-sku-stock-save-${sku.id}`}
        onClick={async () => {
          setBusy(true);
          try {
            const r = await adminSetMallStock({ sku_id: sku.id, stock: value! });
            onSaved(r.stock);
          } catch {
            /* shown by call */
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('save')}
      </Button>
    </Space.Compact>
  );
}

export function MallStockModal({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT(strings);
  const lang = useConsoleLang();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['mallAdmin', 'product', id], queryFn: () => adminMallProduct({ id }) });
  const p = q.data;
  const specOf = (s: Sku) => (lang === 'en' ? s.name_en || s.name : s.name) || t('single');
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={640}
      title={p ? t('title', { name: lang === 'en' ? p.title_en || p.title : p.title }) : ''}
    >
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      <Table<Sku>
        rowKey="id"
        size="small"
        pagination={false}
        loading={q.isLoading}
        dataSource={p?.skus ?? []}
        columns={[
          { title: '', width: 48, render: (_, s) => <Thumb src={s.image} size={32} /> },
          { title: t('spec'), render: (_, s) => specOf(s) },
          { title: t('price'), align: 'right', render: (_, s) => money(s.price) },
          {
            title: t('stock'),
            render: (_, s) => (
              <StockCell
                key={`${s.id}-${s.stock}`}
                sku={s}
                onSaved={(n) => {
                  void message.success(t('saved', { spec: specOf(s), n }));
                  void qc.invalidateQueries({ queryKey: ['mallAdmin', 'product', id] });
                  void qc.invalidateQueries({ queryKey: ['mallAdmin', 'products'] });
                }}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
