import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { contract, type MallSource, type ResponseOf } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import { LoadError, SourceTag, Thumb, useMallT, useSourceOptions } from './mall-common.tsx';
import { categoryTree, useMallCategories } from './mall-categories.page.tsx';
import { MallProductEditor } from './mall-product-editor.tsx';
import { MallStockModal } from './mall-stock-modal.tsx';
import { actionColumn } from '../../components/list-page.tsx';
import { adminMallProducts } from './api/admin-mall-products.ts';
import { adminSetMallProductOnSale } from './api/admin-set-mall-product-on-sale.ts';

type Product = ResponseOf<typeof contract.mallAdmin.adminMallProducts>['list'][number];

export const productStrings = defineStrings({
  en: {
    title: 'Mall goods',
    keyword: 'Title, item id or shop',
    category: 'Category',
    onSale: 'On sale',
    offSale: 'Off sale',
    sale: 'Sale',
    goods: 'Goods',
    price: 'Price',
    stock: 'Stock',
    sales: 'Sold',
    rebate: 'Rebate',
    newProduct: 'New own-shop product',
    putOn: 'Put on sale ({n})',
    takeOff: 'Take off sale ({n})',
    bulkConfirm: '{action}: {n} goods?',
    updated: '{n} goods updated',
    editStock: 'Stock',
  },
  zh_CN: {
    title: '商城商品',
    keyword: '标题、商品ID或店铺',
    category: '分类',
    onSale: '在售',
    offSale: '已下架',
    sale: '上下架',
    goods: '商品',
    price: '价格',
    stock: '库存',
    sales: '销量',
    rebate: '返利',
    newProduct: '新建自营商品',
    putOn: '上架（{n}）',
    takeOff: '下架（{n}）',
    bulkConfirm: '{action}：共 {n} 件商品？',
    updated: '已更新 {n} 件商品',
    editStock: '库存',
  },
});

export function MallProductsPage() {
  const t = useT(productStrings);
  const mt = useMallT();
  const lang = useConsoleLang();
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const sourceOptions = useSourceOptions();
  const cats = useMallCategories();
  const [filters, setFilters] = useState<{ source?: MallSource; category_id?: number; on_sale?: boolean; keyword: string }>({
    keyword: '',
  });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [stockOf, setStockOf] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['mallAdmin', 'products', filters, page],
    queryFn: () => adminMallProducts({ page, page_size: 20, ...filters }),
  });
  const set = (f: Partial<typeof filters>) => {
    setFilters((old) => ({ ...old, ...f }));
    setPage(1);
    setSelected([]);
  };
  const catName = (id: number | null) => {
    const c = cats.data?.list.find((x) => x.id === id);
    return c ? (lang === 'en' ? c.name.en : c.name.zh_CN) : '—';
  };
  const bulk = (on: boolean) => {
    const action = on ? t('putOn', { n: selected.length }) : t('takeOff', { n: selected.length });
    modal.confirm({
      title: t('bulkConfirm', { action, n: selected.length }),
      okButtonProps: { 'data-testid': 'mall-confirm-ok' },
      onOk: async () => {
        try {
          const r = await adminSetMallProductOnSale({ ids: selected, on_sale: on });
          void message.success(t('updated', { n: r.updated }));
          setSelected([]);
          await qc.invalidateQueries({ queryKey: ['mallAdmin', 'products'] });
        } catch {
          /* the call showed the server's message */
        }
      },
    });
  };
  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="mall-product-new">
          {t('newProduct')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={mt('source')}
          style={{ width: 140 }}
          value={filters.source}
          onChange={(v) => set({ source: v })}
          options={sourceOptions}
          data-testid="mall-products-source"
        />
        <TreeSelect
          allowClear
          placeholder={t('category')}
          style={{ width: 200 }}
          value={filters.category_id}
          onChange={(v) => set({ category_id: v })}
          treeData={categoryTree(cats.data?.list ?? [], lang)}
          treeDefaultExpandAll
        />
        <Select
          allowClear
          placeholder={t('sale')}
          style={{ width: 120 }}
          value={filters.on_sale === undefined ? undefined : filters.on_sale ? 'on' : 'off'}
          onChange={(v) => set({ on_sale: v === undefined ? undefined : v === 'on' })}
          options={[
            { value: 'on', label: t('onSale') },
            { value: 'off', label: t('offSale') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          style={{ width: 260 }}
          onSearch={(v) => set({ keyword: v.trim() })}
          data-testid="mall-products-search"
        />
        <Button disabled={!selected.length} onClick={() => bulk(true)} data-testid="mall-bulk-on">
          {t('putOn', { n: selected.length })}
        </Button>
        <Button disabled={!selected.length} danger onClick={() => bulk(false)} data-testid="mall-bulk-off">
          {t('takeOff', { n: selected.length })}
        </Button>
      </Space>
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      <Table<Product>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        onRow={(r) => ({ 'data-testid': `mall-product-${r.id}` }) as object}
        columns={[
          { title: '', width: 56, render: (_, r) => <Thumb src={r.image} /> },
          {
            title: t('goods'),
            render: (_, r) => (
              <a onClick={() => setEditing(r.id)} data-testid={`mall-product-edit-${r.id}`}>
                {lang === 'en' ? r.title_en || r.title : r.title}
              </a>
            ),
          },
          { title: mt('source'), render: (_, r) => <SourceTag source={r.source} /> },
          { title: t('category'), render: (_, r) => catName(r.category_id) },
          { title: t('price'), align: 'right', render: (_, r) => money(r.price) },
          { title: t('stock'), align: 'right', dataIndex: 'stock' },
          { title: t('sales'), align: 'right', dataIndex: 'sales' },
          { title: t('rebate'), align: 'right', render: (_, r) => (r.rebate.amount_minor ? money(r.rebate) : '—') },
          { title: t('sale'), render: (_, r) => (r.on_sale ? <Tag color="green">{t('onSale')}</Tag> : <Tag>{t('offSale')}</Tag>) },
          {
            ...actionColumn,
            title: '',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r.id)}>
                  {mt('edit')}
                </Button>
                {r.source === 'self' && (
                  <Button size="small" onClick={() => setStockOf(r.id)} data-testid={`mall-stock-${r.id}`}>
                    {t('editStock')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && <MallProductEditor id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {stockOf !== null && <MallStockModal id={stockOf} onClose={() => setStockOf(null)} />}
    </Card>
  );
}
