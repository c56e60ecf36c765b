import { useState } from 'react';
import { Button, Checkbox, Empty, Form, Input, List, Result, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { patterns, type ResponseOf, type contract } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { usePackNos } from '../api/pack-nos.ts';
import { useApplyInvoice } from '../api/apply-invoice.ts';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

interface Values {
  title: string;
  email: string;
  remark: string;
}

/** Invoice request for paid packs. */
export default function InvoiceRequestScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const packs = usePackNos();
  const apply = useApplyInvoice();
  const [chosen, setChosen] = useState<number[]>([]);
  const [done, setDone] = useState<ResponseOf<typeof contract.parcels.applyInvoice> | null>(null);
  const paid = (packs.data?.list ?? []).filter((p) => p.status !== 'packed');

  if (done)
    return (
      <div data-testid="invoice-done">
        <Result
          status="success"
          title={t('parcels.invoice.sent')}
          description={`${done.pack_nos.join(', ')} · ${formatMoney(done.total.amount_minor, done.total.currency)}`}
        />
        <div className="form-footer">
          <Button block onClick={() => nav.navigateBack()}>
            {t('parcels.back')}
          </Button>
        </div>
      </div>
    );

  const onFinish = async (v: Values) => {
    if (!chosen.length) return;
    try {
      setDone(await apply.mutateAsync({ pack_ids: chosen, title: v.title.trim(), email: v.email.trim(), remark: v.remark ?? '' }));
    } catch {
      /* shown by the request client */
    }
  };

  return (
    <div data-testid="invoice-request">
      <List header={t('parcels.invoice.choose')}>
        <QueryState query={packs} isEmpty={!paid.length} empty={<Empty description={t('parcels.invoice.nonePaid')} />} />
        <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])}>
          {paid.map((p) => (
            <List.Item key={p.id} prefix={<Checkbox value={p.id} />} extra={t(`parcels.packStatus.${p.status}`)}>
              {p.pack_no}
            </List.Item>
          ))}
        </Checkbox.Group>
      </List>
      <Form
        layout="horizontal"
        onFinish={(v) => void onFinish(v as Values)}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            disabled={!chosen.length}
            loading={apply.isPending}
            data-testid="invoice-submit"
          >
            {t('parcels.invoice.submit')}
          </Button>
        }
      >
        <Form.Item
          name="title"
          label={t('parcels.invoice.title')}
          rules={[{ required: true, whitespace: true, message: t('parcels.invoice.titleRequired') }]}
        >
          <Input maxLength={100} clearable placeholder={t('parcels.invoice.titlePh')} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('parcels.invoice.email')}
          rules={[
            { required: true, message: t('parcels.rule.email') },
            { pattern: patterns.email, message: t('parcels.rule.email') },
          ]}
        >
          <Input type="email" maxLength={100} clearable placeholder="name@example.com" />
        </Form.Item>
        <Form.Item name="remark" label={t('parcels.remark')}>
          <TextArea maxLength={140} showCount autoSize />
        </Form.Item>
      </Form>
    </div>
  );
}
