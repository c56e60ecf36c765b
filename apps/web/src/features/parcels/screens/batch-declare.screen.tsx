import { useRef, useState } from 'react';
import { Button, Form, Input, List, Selector, Tabs, Tag, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { ResponseOf, contract } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { BATCH_TEMPLATE_URL, useUploadBatch } from '../api/batch-upload.ts';
import {
  batchCsv,
  categories,
  goodsNameProblem,
  goodsValueProblem,
  ruleOf,
  modes,
  splitTrackingNumbers,
  trackingPattern,
} from '../model.ts';
import '../parcels.css';

type Result = ResponseOf<typeof contract.parcels.batchCreateOrder>;

function ResultView({ r }: { r: Result }) {
  const { t } = useTranslation();
  const failed = r.rows.filter((x) => x.status === 'failed');
  return (
    <div className="section" data-testid="batch-result">
      <div className="section-title">{t('parcels.batch.result', { name: r.file_name })}</div>
      <div className="row" style={{ gap: 6, flexWrap: 'wrap' }}>
        <Tag color="primary">{t('parcels.batch.total', { count: r.total })}</Tag>
        <Tag color="success">
          {t('parcels.batchRow.completed')} {r.completed}
        </Tag>
        <Tag color="danger">
          {t('parcels.batchRow.failed')} {r.failed}
        </Tag>
        {r.waiting > 0 && (
          <Tag color="warning">
            {t('parcels.batchRow.waiting')} {r.waiting}
          </Tag>
        )}
      </div>
      {failed.map((x) => (
        <div className="pc-line" key={x.row_no} data-testid="batch-failed-row">
          <div>
            {t('parcels.batch.row', { n: x.row_no })} · {x.tracking_no || '-'}
          </div>
          <div className="d pc-red">{x.reason}</div>
        </div>
      ))}
      <Button
        block
        fill="outline"
        color="primary"
        style={{ marginTop: 10 }}
        onClick={() => nav.navigateTo(paths.batchDetail, { id: r.id })}
        data-testid="batch-open-detail"
      >
        {t('parcels.batch.viewDetail')}
      </Button>
    </div>
  );
}

interface AddOnValues {
  numbers: string;
  goods_name: string;
  goods_value: string;
  category: string[];
  mode: string[];
}

/** Batch declaration: download the template, upload it filled (xlsx or csv); or add several tracking numbers at once. */
export default function BatchDeclareScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const upload = useUploadBatch();
  const fileRef = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<Result | null>(null);

  const send = async (file: File) => {
    setResult(null);
    try {
      setResult(await upload.mutateAsync(file));
    } catch {
      /* the file's problem is shown by the request client */
    }
  };
  // The add-on form becomes a template csv, so every row gets the same server checks as an upload.
  const onAddOn = async (v: AddOnValues) => {
    const numbers = splitTrackingNumbers(v.numbers);
    const rows = numbers.map((n) => ({
      tracking_no: n,
      goods_name: v.goods_name.trim(),
      goods_value: v.goods_value.trim(),
      quantity: '1',
      category: v.category[0] ?? 'normal',
      mode: v.mode[0] ?? 'SEA',
      remark: '',
    }));
    await send(new File([batchCsv(rows)], `add-on-${numbers.length}.csv`, { type: 'text/csv' }));
  };

  return (
    <div data-testid="batch-declare">
      <Tabs defaultActiveKey="file" style={{ background: '#fff' }}>
        <Tabs.Tab title={t('parcels.batch.byFile')} key="file">
          <div className="section" style={{ margin: 0 }}>
            <ol className="pc-hint" style={{ paddingLeft: 18, margin: '0 0 12px' }}>
              <li>{t('parcels.batch.step1')}</li>
              <li>{t('parcels.batch.step2')}</li>
              <li>{t('parcels.batch.step3')}</li>
            </ol>
            <a
              href={BATCH_TEMPLATE_URL}
              download="pinyou-batch-declaration.xlsx"
              data-testid="batch-template"
              style={{ textDecoration: 'none' }}
            >
              <Button block fill="outline" color="primary">
                {t('parcels.batch.download')}
              </Button>
            </a>
            <input
              ref={fileRef}
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              style={{ display: 'none' }}
              data-testid="batch-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void send(f);
              }}
            />
            <Button
              block
              color="primary"
              style={{ marginTop: 10 }}
              loading={upload.isPending}
              onClick={() => fileRef.current?.click()}
              data-testid="batch-upload"
            >
              {t('parcels.batch.upload')}
            </Button>
          </div>
        </Tabs.Tab>
        <Tabs.Tab title={t('parcels.batch.addOn')} key="addon">
          <Form
            layout="vertical"
            initialValues={{ category: ['normal'], mode: ['SEA'] }}
            onFinish={(v) => void onAddOn(v as AddOnValues)}
            footer={
              <Button block type="submit" color="primary" loading={upload.isPending} data-testid="addon-submit">
                {t('parcels.batch.addOnSubmit')}
              </Button>
            }
          >
            <Form.Item
              name="numbers"
              label={t('parcels.batch.numbers')}
              required
              rules={[
                {
                  validator: (_, v: string) => {
                    const list = splitTrackingNumbers(v ?? '');
                    if (!list.length) return Promise.reject(new Error(t('parcels.rule.trackingNo')));
                    const bad = list.find((n) => !trackingPattern.test(n) || n.length > 40);
                    return bad ? Promise.reject(new Error(`${t('parcels.rule.trackingNoChars')}: ${bad}`)) : Promise.resolve();
                  },
                },
              ]}
            >
              <TextArea rows={4} placeholder={t('parcels.batch.numbersPh')} data-testid="addon-numbers" />
            </Form.Item>
            <Form.Item name="goods_name" label={t('parcels.goodsName')} required rules={[ruleOf(goodsNameProblem, t)]}>
              <Input maxLength={60} clearable data-testid="addon-goods-name" />
            </Form.Item>
            <Form.Item name="goods_value" label={t('parcels.batch.valueEach')} required rules={[ruleOf(goodsValueProblem, t)]}>
              <Input inputMode="decimal" maxLength={12} clearable data-testid="addon-goods-value" />
            </Form.Item>
            <Form.Item name="category" label={t('parcels.categoryLabel')}>
              <Selector columns={3} options={categories.map((c) => ({ label: t(`parcels.category.${c}`), value: c }))} />
            </Form.Item>
            <Form.Item name="mode" label={t('parcels.modeLabel')}>
              <Selector columns={3} options={modes.map((m) => ({ label: t(`parcels.mode.${m}`), value: m }))} />
            </Form.Item>
          </Form>
        </Tabs.Tab>
      </Tabs>
      {result && <ResultView r={result} />}
      <List>
        <List.Item onClick={() => nav.navigateTo(paths.batchList)} data-testid="batch-history">
          {t('parcels.batch.history')}
        </List.Item>
      </List>
    </div>
  );
}
