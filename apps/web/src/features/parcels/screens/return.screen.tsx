import { useState } from 'react';
import { Button, Dialog, Empty, Form, Input, Popup, Steps, Tag, TextArea, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { returns as returnRules, returnSearchFee } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { useAuthInfo } from '../../../lib/session.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useReturnList } from '../api/return-list.ts';
import { useApplyReturn } from '../api/apply-return.ts';
import { useReturnPay } from '../api/return-pay.ts';
import { useCancelReturn } from '../api/cancel-return.ts';
import { InfoRows } from '../components/info-rows.tsx';
import { ParcelCard } from '../components/parcel-card.tsx';
import { PayPanel } from '../../../components/payment/pay-panel.tsx';
import { formatTime } from '../components/timeline.tsx';
import { returnCancellable, returnSteps } from '../model.ts';
import { loadGate } from '../../../components/query-state.tsx';
import '../parcels.css';

interface ApplyValues {
  consignee: string;
  phone: string;
  address: string;
  postcode: string;
}

/** Return to a China address: the request form (?parcel_ids=) or a request's state, fee and actions (?id=). */
export default function ReturnScreen() {
  useStrings('parcels');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const ids = (params.get('parcel_ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  return id ? <ReturnDetail id={id} /> : <ReturnApply parcelIds={ids} />;
}

function ReturnApply({ parcelIds }: { parcelIds: number[] }) {
  const { t } = useTranslation();
  const apply = useApplyReturn();
  const me = useAuthInfo();
  // The server bills the same rule: approved leaders (examine_status 1) search for free.
  const fee = returnSearchFee(parcelIds.length, me.data?.examine_status === 1);
  const onFinish = async (v: ApplyValues) => {
    const r = await apply.mutateAsync({
      parcel_ids: parcelIds,
      consignee: v.consignee.trim(),
      phone: v.phone.trim(),
      address: v.address.trim(),
      postcode: (v.postcode ?? '').trim(),
    });
    Toast.show({ icon: 'success', content: t('parcels.return.applied') });
    nav.redirectTo(paths.orderDetail2, { id: r.id });
  };
  if (!parcelIds.length) return <Empty description={t('parcels.return.noParcels')} />;
  return (
    <div data-testid="return-apply">
      <div className="section pc-hint">
        {t('parcels.return.feeRule', {
          first: formatMoney(returnRules.firstPieceRmbMinor, 'RMB'),
          next: formatMoney(returnRules.nextPieceRmbMinor, 'RMB'),
        })}
        <div>{t('parcels.return.feeEstimate', { count: parcelIds.length, amount: formatMoney(fee, 'RMB') })}</div>
      </div>
      <Form
        layout="horizontal"
        onFinish={(v) => void onFinish(v as ApplyValues).catch(() => undefined)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={apply.isPending} data-testid="return-submit">
            {t('parcels.return.submit')}
          </Button>
        }
      >
        <Form.Item
          name="consignee"
          label={t('parcels.return.consignee')}
          rules={[{ required: true, whitespace: true, message: t('parcels.rule.consignee') }]}
        >
          <Input maxLength={40} clearable placeholder={t('parcels.return.consigneePh')} data-testid="return-consignee" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('parcels.return.phone')}
          rules={[
            { required: true, whitespace: true, message: t('parcels.rule.consigneePhone') },
            { pattern: /^\+?[0-9 -]{6,20}$/, message: t('parcels.rule.consigneePhone') },
          ]}
        >
          <Input type="tel" maxLength={20} clearable placeholder="13800138000" data-testid="return-phone" />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('parcels.return.address')}
          rules={[{ required: true, whitespace: true, message: t('parcels.rule.returnAddress') }]}
        >
          <TextArea maxLength={140} showCount autoSize placeholder={t('parcels.return.addressPh')} data-testid="return-address" />
        </Form.Item>
        <Form.Item
          name="postcode"
          label={t('parcels.return.postcode')}
          rules={[{ pattern: /^\d{0,10}$/, message: t('parcels.rule.postcode') }]}
        >
          <Input type="tel" maxLength={10} clearable placeholder={t('parcels.optional')} />
        </Form.Item>
      </Form>
    </div>
  );
}

function ReturnDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const returnsQ = useReturnList();
  const { data, refetch } = returnsQ;
  const pay = useReturnPay();
  const cancel = useCancelReturn();
  const [paying, setPaying] = useState(false);
  const gate = loadGate(returnsQ);
  if (gate) return gate;
  const r = data?.list.find((x) => x.id === id);
  if (!r) return <Empty description={t('parcels.notFound')} />;
  const stepIdx = returnSteps.indexOf(r.status as (typeof returnSteps)[number]);
  const steps = ['apply', ...returnSteps] as const;

  const onPay = async () => {
    try {
      const after = await pay.mutateAsync(r.id);
      if (after.status === 'paid') {
        Toast.show({ icon: 'success', content: t('parcels.pay.done') });
        void refetch();
      } else setPaying(true);
    } catch {
      /* shown by the request client */
    }
  };
  const onCancel = async () => {
    const ok = await Dialog.confirm({
      content: t(r.status === 'paid' ? 'parcels.return.cancelPaidConfirm' : 'parcels.return.cancelConfirm'),
      confirmText: t('parcels.return.cancel'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await cancel.mutateAsync(r.id).catch(() => undefined);
    void refetch();
  };

  return (
    <div data-testid="return-detail">
      <div className="section">
        <div className="row between">
          <b>{t('parcels.return.title', { id: r.id })}</b>
          <Tag color={r.status === 'rejected' || r.status === 'cancelled' ? 'default' : 'primary'} data-testid="return-status">
            {t(`parcels.returnStatus.${r.status}`)}
          </Tag>
        </div>
        {stepIdx >= 0 && (
          <Steps current={stepIdx + 1} style={{ '--title-font-size': '12px', padding: '8px 0' } as never}>
            {steps.map((s) => (
              <Steps.Step key={s} title={t(`parcels.returnStep.${s}`)} />
            ))}
          </Steps>
        )}
        {r.status === 'rejected' && <div className="pc-low">{t('parcels.return.rejected', { reason: r.reject_reason || '-' })}</div>}
        {['review', 'pay', 'paid'].includes(r.status) && <div className="pc-low">{t('parcels.return.inProgress')}</div>}
        <InfoRows
          rows={[
            [t('parcels.return.consignee'), r.consignee],
            [t('parcels.return.phone'), r.phone],
            [t('parcels.return.address'), `${r.address}${r.postcode ? ` ${r.postcode}` : ''}`],
            [
              t('parcels.return.fee'),
              r.fee.amount_minor === 0 ? t('parcels.return.free') : formatMoney(r.fee.amount_minor, r.fee.currency),
            ],
            r.courier_no ? [t('parcels.return.courierNo'), r.courier_no] : null,
            [t('parcels.return.appliedAt'), formatTime(r.created_at)],
          ]}
        />
      </div>
      <div className="section">
        <div className="section-title">{t('parcels.return.parcels')}</div>
        {r.parcels.map((p) => (
          <ParcelCard key={p.id} p={p} onClick={() => nav.navigateTo(paths.orderDetail, { id: p.id })} />
        ))}
      </div>
      <div className="pc-actions">
        {r.status === 'pay' && (
          <Button color="primary" loading={pay.isPending} onClick={() => void onPay()} data-testid="return-pay">
            {t('parcels.return.pay', { amount: formatMoney(r.fee.amount_minor, r.fee.currency) })}
          </Button>
        )}
        {returnCancellable(r.status) && (
          <Button color="danger" fill="outline" loading={cancel.isPending} onClick={() => void onCancel()} data-testid="return-cancel">
            {t('parcels.return.cancel')}
          </Button>
        )}
      </div>
      <Popup
        visible={paying}
        onMaskClick={() => setPaying(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <PayPanel
          kind="return"
          refId={r.id}
          onPaid={() => {
            setPaying(false);
            Toast.show({ icon: 'success', content: t('parcels.pay.done') });
            void refetch();
          }}
        />
      </Popup>
    </div>
  );
}
