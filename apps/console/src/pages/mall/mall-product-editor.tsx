import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Drawer, Form, Input, InputNumber, Row, Space, Switch, Table, TreeSelect } from 'antd';
import { contract, mall as mallRules, minorToDecimal, type ResponseOf } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { ImageInput, LoadError, SourceTag, Thumb, useMallT } from './mall-common.tsx';
import { categoryTree, useMallCategories } from './mall-categories.page.tsx';
import { adminMallProduct } from './api/admin-mall-product.ts';
import { adminSaveMallProduct } from './api/admin-save-mall-product.ts';

type Detail = ResponseOf<typeof contract.mallAdmin.adminMallProduct>;
/** Amounts are typed in yuan and kept as the text typed ("12.30"): the contract turns them into fen. */
type SkuRow = { id?: number; name: string; name_en: string; image: string; price_yuan: string | null; stock: number | null };
type Values = {
  title: string;
  title_en: string;
  category_id?: number;
  images: string[];
  description: string;
  description_en: string;
  shop_name: string;
  weight_g: number | null;
  freight_yuan: string | null;
  air_allowed: boolean;
  rebate_yuan: string | null;
  on_sale: boolean;
  skus: SkuRow[];
};

const strings = defineStrings({
  en: {
    newTitle: 'New own-shop product',
    editTitle: 'Edit product #{id}',
    platformNote: 'Goods from a platform: only the category and on/off sale can be changed here; the rest comes from the platform.',
    titleZh: 'Title (中文)',
    titleEn: 'Title (English)',
    category: 'Category',
    images: 'Images (the first is the cover; up to 9)',
    addImage: 'Add image',
    descZh: 'Description (中文)',
    descEn: 'Description (English)',
    shop: 'Shop name',
    weight: 'Weight per unit (g)',
    freight: 'Inland freight per unit (¥)',
    air: 'Can go by air',
    rebate: 'Rebate per unit (¥)',
    rebateMin: 'A rebate is 0 or at least ¥{min}',
    onSale: 'On sale',
    skus: 'Specifications (price and stock)',
    specZh: 'Name (中文, e.g. 黑色 / 128G)',
    specEn: 'Name (English)',
    image: 'Image',
    price: 'Price (¥)',
    stock: 'Stock',
    addSku: 'Add specification',
    required: 'Required',
    oneImage: 'Add at least one image',
    oneSku: 'Add at least one specification',
    saved: 'Product saved',
  },
  zh_CN: {
    newTitle: '新建自营商品',
    editTitle: '编辑商品 #{id}',
    platformNote: '平台商品：这里只能修改分类和上下架，其余信息来自平台。',
    titleZh: '标题（中文）',
    titleEn: '标题（英文）',
    category: '分类',
    images: '图片（第一张为封面，最多9张）',
    addImage: '添加图片',
    descZh: '详情（中文）',
    descEn: '详情（英文）',
    shop: '店铺名称',
    weight: '单件重量（克）',
    freight: '单件国内运费（¥）',
    air: '可空运',
    rebate: '单件返利（¥）',
    rebateMin: '返利为0或不少于¥{min}',
    onSale: '上架',
    skus: '规格（价格和库存）',
    specZh: '规格名（中文，如 黑色 / 128G）',
    specEn: '规格名（英文）',
    image: '图片',
    price: '价格（¥）',
    stock: '库存',
    addSku: '添加规格',
    required: '必填',
    oneImage: '请至少添加一张图片',
    oneSku: '请至少添加一个规格',
    saved: '商品已保存',
  },
});

const emptySku: SkuRow = { name: '', name_en: '', image: '', price_yuan: null, stock: 0 };

function toValues(d: Detail | undefined): Values {
  if (!d)
    return {
      title: '',
      title_en: '',
      images: [''],
      description: '',
      description_en: '',
      shop_name: '',
      weight_g: null,
      freight_yuan: '0.00',
      air_allowed: true,
      rebate_yuan: '0.00',
      on_sale: true,
      skus: [{ ...emptySku }],
    };
  return {
    title: d.title,
    title_en: d.title_en === d.title ? '' : d.title_en,
    category_id: d.category_id ?? undefined,
    images: d.images.length ? d.images : [d.image],
    description: d.description,
    description_en: d.description_en,
    shop_name: d.shop_name,
    weight_g: d.weight_g,
    freight_yuan: minorToDecimal(d.inland_freight.amount_minor),
    air_allowed: d.air_allowed,
    rebate_yuan: minorToDecimal(d.rebate.amount_minor),
    on_sale: d.on_sale,
    skus: d.skus.map((s) => ({
      id: s.id,
      name: s.name,
      name_en: s.name_en,
      image: s.image,
      price_yuan: minorToDecimal(s.price.amount_minor),
      stock: s.stock,
    })),
  };
}

export function MallProductEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT(strings);
  const mt = useMallT();
  const lang = useConsoleLang();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const cats = useMallCategories();
  const [form] = Form.useForm<Values>();
  const q = useQuery({
    queryKey: ['mallAdmin', 'product', id],
    queryFn: () => adminMallProduct({ id: id! }),
    enabled: id !== null,
  });
  const d = q.data;
  const platform = !!d && d.source !== 'self';
  useEffect(() => {
    if (id === null || d) form.setFieldsValue(toValues(d));
  }, [d, id, form]);

  const save = async (v: Values) => {
    // Stock moves while staff edit (orders take it): a stock left as loaded is sent as it is now.
    const fresh = id !== null ? await adminMallProduct({ id }) : undefined;
    const loaded = new Map((d?.skus ?? []).map((s) => [s.id, s.stock]));
    const skus = platform
      ? d!.skus.slice(0, 50).map((s) => ({
          id: s.id,
          name: s.name.slice(0, 60),
          name_en: s.name_en.slice(0, 60),
          image: s.image,
          price: minorToDecimal(Math.max(1, s.price.amount_minor)),
          stock: s.stock,
        }))
      : v.skus.map((s) => {
          const now = s.id !== undefined ? fresh?.skus.find((f) => f.id === s.id)?.stock : undefined;
          const stock = s.id !== undefined && s.stock === loaded.get(s.id) && now !== undefined ? now : (s.stock ?? 0);
          return {
            id: s.id,
            name: s.name.trim(),
            name_en: s.name_en.trim(),
            image: s.image.trim(),
            price: s.price_yuan ?? '',
            stock,
          };
        });
    const src = platform ? toValues(d) : v;
    const saved = await adminSaveMallProduct({
      ...(id !== null ? { id } : {}),
      title: src.title.trim(),
      title_en: src.title_en.trim(),
      ...(v.category_id ? { category_id: v.category_id } : {}),
      images: src.images
        .map((x) => x.trim())
        .filter(Boolean)
        .slice(0, 9),
      description: src.description,
      description_en: src.description_en,
      shop_name: src.shop_name.trim(),
      weight_g: Math.max(1, src.weight_g ?? 1),
      inland_freight: src.freight_yuan || '0',
      air_allowed: src.air_allowed,
      rebate: src.rebate_yuan || '0',
      on_sale: v.on_sale,
      skus,
    });
    qc.setQueryData(['mallAdmin', 'product', saved.id], saved);
    await qc.invalidateQueries({ queryKey: ['mallAdmin', 'products'] });
    void message.success(t('saved'));
    onClose();
  };

  const req = [{ required: true, whitespace: true, message: t('required') }];
  return (
    <Drawer
      open
      width="min(1100px, 96vw)"
      onClose={onClose}
      destroyOnClose
      title={id === null ? t('newTitle') : t('editTitle', { id })}
      extra={d && <SourceTag source={d.source} />}
      data-testid="mall-product-editor"
    >
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      {platform && <Alert type="info" showIcon message={t('platformNote')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => void save(v).catch(() => undefined)} disabled={id !== null && !d}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('titleZh')} rules={[...req, { max: 120 }]}>
              <Input disabled={platform} data-testid="mall-product-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="title_en" label={t('titleEn')} rules={[{ max: 120 }]}>
              <Input disabled={platform} data-testid="mall-product-title-en" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="category_id" label={t('category')}>
              <TreeSelect
                allowClear
                treeData={categoryTree(cats.data?.list ?? [], lang)}
                treeDefaultExpandAll
                data-testid="mall-product-category"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="shop_name" label={t('shop')} rules={[{ max: 60 }]}>
              <Input disabled={platform} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="on_sale" label={t('onSale')} valuePropName="checked">
              <Switch data-testid="mall-product-on-sale" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="air_allowed" label={t('air')} valuePropName="checked">
              <Switch disabled={platform} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="weight_g" label={t('weight')} rules={[{ required: !platform, message: t('required') }]}>
              <InputNumber
                min={1}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
                disabled={platform}
                data-testid="mall-product-weight"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="freight_yuan" label={t('freight')}>
              <InputNumber stringMode min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} disabled={platform} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="rebate_yuan"
              label={t('rebate')}
              rules={[
                {
                  validator: async (_, v: string | null) =>
                    !v || Number(v) === 0 || Number(v) >= mallRules.rebateMinimum
                      ? undefined
                      : Promise.reject(new Error(t('rebateMin', { min: mallRules.rebateMinimum.toFixed(2) }))),
                },
              ]}
            >
              <InputNumber stringMode min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} disabled={platform} />
            </Form.Item>
          </Col>
        </Row>
        <Card size="small" title={t('images')} style={{ marginBottom: 16 }}>
          <Form.List
            name="images"
            rules={[
              { validator: async (_, v: string[]) => (v?.some((x) => x?.trim()) ? undefined : Promise.reject(new Error(t('oneImage')))) },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <div key={f.key} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <Form.Item noStyle shouldUpdate>
                      {() => <Thumb src={form.getFieldValue(['images', f.name]) ?? ''} />}
                    </Form.Item>
                    <div style={{ flex: 1 }}>
                      <Form.Item name={f.name} noStyle>
                        <ImageInput testId={`mall-product-image-${i}`} disabled={platform} />
                      </Form.Item>
                    </div>
                    <Button onClick={() => remove(f.name)} disabled={platform}>
                      {mt('remove')}
                    </Button>
                  </div>
                ))}
                {!platform && fields.length < 9 && <Button onClick={() => add('')}>{t('addImage')}</Button>}
                <Form.ErrorList errors={errors} />
              </Space>
            )}
          </Form.List>
        </Card>
        <Card size="small" title={t('skus')} style={{ marginBottom: 16 }}>
          <Form.List
            name="skus"
            rules={[{ validator: async (_, v: SkuRow[]) => (v?.length ? undefined : Promise.reject(new Error(t('oneSku')))) }]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                <Table
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={fields}
                  columns={[
                    {
                      title: t('specZh'),
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'name']} noStyle rules={[{ max: 60 }]}>
                          <Input disabled={platform} data-testid={`mall-sku-name-${f.name}`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('specEn'),
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'name_en']} noStyle rules={[{ max: 60 }]}>
                          <Input disabled={platform} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('image'),
                      width: 300,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'image']} noStyle>
                          <ImageInput disabled={platform} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('price'),
                      width: 130,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'price_yuan']} rules={[{ required: true, message: t('required') }]} style={{ margin: 0 }}>
                          <InputNumber
                            stringMode
                            min={0.01}
                            max={1_000_000}
                            precision={2}
                            disabled={platform}
                            data-testid={`mall-sku-price-${f.name}`}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('stock'),
                      width: 120,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'stock']} rules={[{ required: true, message: t('required') }]} style={{ margin: 0 }}>
                          <InputNumber
                            min={0}
                            max={1_000_000}
                            precision={0}
                            disabled={platform}
                            data-testid={`mall-sku-stock-input-${f.name}`}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '',
                      width: 80,
                      render: (_, f) => (
                        <Button size="small" onClick={() => remove(f.name)} disabled={platform || fields.length <= 1}>
                          {mt('remove')}
                        </Button>
                      ),
                    },
                  ]}
                />
                {!platform && fields.length < 50 && (
                  <Button style={{ marginTop: 8 }} onClick={() => add({ ...emptySku })} data-testid="mall-sku-add">
                    {t('addSku')}
                  </Button>
                )}
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Card>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="description" label={t('descZh')} rules={[{ max: 5000 }]}>
              <Input.TextArea rows={6} disabled={platform} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description_en" label={t('descEn')} rules={[{ max: 5000 }]}>
              <Input.TextArea rows={6} disabled={platform} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" data-testid="mall-product-save">
          {mt('save')}
        </Button>
      </Form>
    </Drawer>
  );
}
