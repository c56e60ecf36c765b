import { useMemo, useState } from 'react';
import { Button, Dialog, Empty, Popup, Tag, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { usePackDetail } from '../api/pack-detail.ts';
import { useCancelPack } from '../api/cancel-pack.ts';
import { useSignPack } from '../api/sign-pack.ts';
import { useWaybillLink } from '../api/waybill-link.ts';
import { InfoRows } from '../components/info-rows.tsx';
import { ParcelCard } from '../components/parcel-card.tsx';
import { PayPanel } from '../../../components/payment/pay-panel.tsx';
import { usePayInfo } from '../../../lib/payment/pay-info.ts';
import { targetSignature, type PayTarget } from '../../../lib/payment/attempt.ts';
import { formatTime } from '../components/timeline.tsx';
import { packCancellable, waybillReady } from '../model.ts';
import { downloadLink } from '../download.ts';
import { PickupCard } from '../components/pickup-card.tsx';
import { InsuranceCard } from '../components/insurance-card.tsx';
import { useShipmentText } from '../components/shipment-state.ts';
import { loadGate } from '../../../components/query-state.tsx';
import '../parcels.css';

/** A pack: contents, measured size and weight, rate, batch, packing date, the bill line by line; pay, cancel, waybill. */
export default function PackDetailScreen() {
  const [params] = useSearchParams();
  const [payOnArrival] = useState(params.get('pay') === '1');
  // Arriving to pay, the sheet's strings load with the screen's.
  useStrings(...(payOnArrival ? ['parcels', 'wallet'] : ['parcels']));
  const { t } = useTranslation();
  const id = Number(params.get('id') ?? 0);
  const packQ = usePackDetail(id);
  const { data: k, refetch } = packQ;
  const cancel = useCancelPack();
  const sign = useSignPack();
  const waybill = useWaybillLink();
  const [paying, setPaying] = useState(payOnArrival);
  // Arriving to pay, the bill loads alongside the pack (the pay panel reads the same query) and the sheet opens
  // once it has: a sheet opened on a skeleton grows upwards as the bill arrives, moving what it shows.
  const payTarget: PayTarget = useMemo(() => ({ kind: 'pack', refId: id }), [id]);
  const payInfo = usePayInfo(payTarget, targetSignature(payTarget), payOnArrival);
  const sheetReady = !payOnArrival || !payInfo.isPending;
  const stateText = useShipmentText();

  const gate = loadGate(packQ);
  if (gate) return gate;
  if (!k) return <Empty description={t('parcels.notFound')} />;
  const atDoor = k.status === 'delivered' || (k.status === 'shipped' && k.stage === 'unpacking_delivery');

  const onCancel = async () => {
    const ok = await Dialog.confirm({
      content: t(k.status === 'packed' ? 'parcels.pack.cancelPackedConfirm' : 'parcels.pack.cancelConfirm'),
      confirmText: t('parcels.pack.cancel'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(k.id);
      Toast.show({ icon: 'success', content: t('parcels.pack.cancelled') });
      void refetch();
    } catch {
      /* shown by the request client */
    }
  };
  const onSign = async () => {
    if (
      !(await Dialog.confirm({ content: t('parcels.pack.signConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') }))
    )
      return;
    await sign.mutateAsync(k.id).catch(() => undefined);
    void refetch();
  };
  const onWaybill = async () => {
    try {
      const link = await waybill.mutateAsync(k.id);
      downloadLink(link.url);
    } catch {
      /* shown by the request client */
    }
  };

  return (
    <div data-testid="pack-detail">
      <div className="section">
        <div className="row between">
          <b className="pc-no">{k.pack_no}</b>
          <Tag color={k.status === 'packed' ? 'danger' : 'primary'} data-testid="pack-status">
            {stateText({ pack_status: k.status, mode: k.mode, stage: k.stage, pack_date: k.pack_date })}
          </Tag>
        </div>
        <InfoRows
          rows={[
            [t('parcels.modeLabel'), t(`parcels.mode.${k.mode}`)],
            [t('parcels.pack.count'), String(k.parcel_count)],
            [t('parcels.pack.date'), k.pack_date ?? (k.mode === 'GROUP' ? t('parcels.pickup.noDate') : t('parcels.pack.noDate'))],
            [
              t('parcels.pack.options'),
              [k.is_cut ? t('parcels.pack.isCut') : '', k.individual_clearance ? t('parcels.pack.individual') : '']
                .filter(Boolean)
                .join(' · ') || t('parcels.pack.noOptions'),
            ],
            k.address && !k.pickup
              ? [
                  t('parcels.pack.address'),
                  `${k.address.receiver} ${k.address.phone} · ${k.address.district} ${k.address.address} ${k.address.postcode}`,
                ]
              : null,
            k.remark ? [t('parcels.remark'), k.remark] : null,
            [t('parcels.pack.createdAt'), formatTime(k.created_at)],
            k.stage ? [t('parcels.pack.stage'), t(`parcels.stage.${k.stage}`)] : null,
            k.dispatch_date ? [t('parcels.pack.delivery'), `${k.dispatch_date} ${k.dispatch_slot ?? ''}`] : null,
          ]}
        />
      </div>
      {k.status !== 'cancelled' && <PickupCard pickup={k.pickup} />}
      <InsuranceCard pack={k} />
      {k.status !== 'applied' && k.status !== 'cancelled' && (
        <div className="section" data-testid="pack-measure">
          <div className="section-title">{t('parcels.pack.measured')}</div>
          <InfoRows
            rows={[
              [t('parcels.weight'), k.weight_kg ? `${k.weight_kg} kg` : '-'],
              [t('parcels.volume'), k.volume_cbm ? `${k.volume_cbm} m³` : '-'],
              ...k.pieces.map(
                (pc, i) =>
                  [t('parcels.pack.piece', { n: i + 1 }), `${pc.length_cm} × ${pc.width_cm} × ${pc.height_cm} cm · ${pc.weight_kg} kg`] as [
                    string,
                    string,
                  ],
              ),
              [t('parcels.pack.rate'), k.rate_text],
              k.batch_no
                ? [
                    t('parcels.pack.batchNo'),
                    <a key="b" onClick={() => nav.navigateTo(paths.orderDetail1, { batch_id: k.batch_id! })} style={{ color: '#0b62d6' }}>
                      {k.batch_no}
                    </a>,
                  ]
                : null,
            ]}
          />
        </div>
      )}
      {k.amount && (
        <div className="section" data-testid="pack-bill">
          <div className="section-title">{t('parcels.pack.bill')}</div>
          {k.quote_lines.map((l, i) => (
            <div className="pc-line" key={i}>
              <div className="row between">
                <span>{l.label}</span>
                <span>{formatMoney(l.amount.amount_minor, l.amount.currency)}</span>
              </div>
              {l.detail && <div className="d">{l.detail}</div>}
            </div>
          ))}
          <div className="row between" style={{ marginTop: 8 }}>
            <span>{t('parcels.pack.total')}</span>
            <span className="pc-total">{formatMoney(k.amount.amount_minor, k.amount.currency)}</span>
          </div>
          {k.paid_at && (
            <div className="muted">
              {t('parcels.pack.paidAt')} {formatTime(k.paid_at)}
            </div>
          )}
        </div>
      )}
      <div className="section">
        <div className="section-title">{t('parcels.pack.contents')}</div>
        {k.parcels.map((p) => (
          <ParcelCard key={p.id} p={p} onClick={() => nav.navigateTo(paths.orderDetail, { id: p.id })} />
        ))}
      </div>
      <div className="pc-actions">
        {k.status === 'packed' && (
          <Button color="primary" onClick={() => setPaying(true)} data-testid="pack-pay">
            {t('parcels.pack.pay')}
          </Button>
        )}
        {packCancellable(k.status) && (
          <Button color="danger" fill="outline" loading={cancel.isPending} onClick={() => void onCancel()} data-testid="pack-cancel">
            {t('parcels.pack.cancel')}
          </Button>
        )}
        {waybillReady(k.status) && (
          <Button fill="outline" loading={waybill.isPending} onClick={() => void onWaybill()} data-testid="pack-waybill">
            {t('parcels.pack.waybill')}
          </Button>
        )}
        {['paid', 'shipped', 'delivered', 'received'].includes(k.status) && (
          <Button fill="outline" onClick={() => nav.navigateTo(paths.logisticsDetail, { pack_id: k.id })} data-testid="pack-logistics">
            {t('parcels.detail.track')}
          </Button>
        )}
        {k.dispatch_status === 'waiting' && (
          <Button color="warning" onClick={() => nav.navigateTo(paths.deliveryTime)} data-testid="pack-dispatch">
            {t('parcels.pack.confirmDelivery')}
          </Button>
        )}
        {['packed', 'paid', 'shipped', 'delivered'].includes(k.status) && k.mode !== 'GROUP' && (
          <Button fill="outline" onClick={() => nav.navigateTo(paths.doorToDoor, { pack_id: k.id })}>
            {t('parcels.door.book')}
          </Button>
        )}
        {atDoor && (
          <Button color="success" loading={sign.isPending} onClick={() => void onSign()} data-testid="pack-sign">
            {t('parcels.pack.sign')}
          </Button>
        )}
      </div>
      <Popup
        visible={paying && sheetReady}
        onMaskClick={() => setPaying(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflow: 'auto' }}
        destroyOnClose
      >
        <div className="section-title" style={{ padding: '14px 16px 0' }}>
          {t('parcels.pack.pay')} {k.pack_no}
        </div>
        <PayPanel
          kind="pack"
          refId={k.id}
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
