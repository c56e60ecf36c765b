import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, List, Radio, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { mallShippingModes, type MallShippingMode, type ResponseOf, contract } from '@pinyou/contract';
import { loadGate } from '../../../components/query-state.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useTradeInfo, type SettleWhat } from '../api/trade-info.ts';
import { useCreateMallOrder } from '../api/create-order.ts';
import { deliveryDays, endSettle, lineSkuNameIn, settleKeyFor, settleSignature, titleIn } from '../model.ts';
import { SourceTag } from './source-tag.tsx';

export type CreatedOrders = ResponseOf<typeof contract.mall.createOrder>;
export interface DeliverAddress {
  id: number;
  receiver: string;
  phone: string;
  district: string;
  address: string;
}

/**
 * Settlement: per source an order at today's prices (goods, mainland freight, rebate), the way to
 * Singapore (modes refused for these goods are shown with the reason) and roughly what its freight will
 * cost (billed once the parcel is weighed), the address or the group leader,
 * the coupon hint, a remark; then createOrder with one idempotency key per attempt.
 */
export function SettlementForm({
  what,
  pickedAddress,
  onCreated,
}: {
  what: SettleWhat;
  /** An address picked on the address list (else the default one). */
  pickedAddress?: DeliverAddress | null;
  onCreated: (r: CreatedOrders) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [mode, setMode] = useState<MallShippingMode | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const valid = (what.cartIds?.length ?? 0) > 0 || (what.productId ?? 0) > 0;
  const create = useCreateMallOrder();
  // Once the orders exist the settlement is consumed: never ask for it again (its cart lines are gone). It is
  // off while the orders are being made too: their success drops the cached settlement before this re-renders.
  const q = useTradeInfo(what, mode, valid && !create.isPending && !create.isSuccess);
  const d = q.data;
  // The first answer names the allowed modes: take the first allowed one (group first when in a group).
  useEffect(() => {
    if (!mode && d) {
      const first = mallShippingModes.find((m) => d.shipping_modes.some((s) => s.mode === m && s.allowed));
      if (first) setMode(first);
    }
  }, [d, mode]);
  const sig = useMemo(() => settleSignature(what, mode ?? ''), [what, mode]);

  if (!valid) return <Empty description={t('mall.nothingToSettle')} />;
  const gate = loadGate(q);
  if (gate) return gate;
  if (!d) return null;

  const address = pickedAddress ?? d.default_address;
  const several = d.orders.length > 1;
  const door = mode === 'SEA' || mode === 'AIR';
  const usableCoupons = d.coupons.filter((c) => c.usable);
  // The estimate of the mode on screen (an answer for another mode may show while the new one loads).
  const est = d.freight_estimate && d.freight_estimate.mode === mode ? d.freight_estimate : null;
  const modeOk = !!mode && d.shipping_modes.some((s) => s.mode === mode && s.allowed);
  const missing = !modeOk
    ? t('mall.chooseMode')
    : door && !address
      ? t('mall.needAddress')
      : mode === 'GROUP' && !d.group
        ? t('mall.needGroup')
        : '';

  const submit = async () => {
    if (!mode || missing) return;
    const r = await create
      .mutateAsync({
        what,
        mode,
        addressId: door ? address?.id : undefined,
        remark: remark.trim(),
        expectedTotal: d.total,
        idempotencyKey: settleKeyFor(sig),
      })
      .catch(() => null);
    if (!r) {
      // Prices moved: show the new ones (the server refused the old total).
      void q.refetch();
      return;
    }
    endSettle(sig);
    onCreated(r);
  };

  return (
    <div className="mall-settle" data-testid="settlement">
      {d.price_changed && (
        <div className="mall-warn section" role="status" data-testid="price-changed">
          {t('mall.pricesChanged')}
        </div>
      )}
      {d.orders.map((o) => (
        <section className="section" key={`${o.source}-${o.shop_name}`} data-testid={`settle-order-${o.source}`}>
          <div className="row">
            <SourceTag source={o.source} />
            <span className="mall-shop">{o.shop_name}</span>
          </div>
          {o.items.map((i, n) => (
            <div className="mall-settle-line" key={`${i.product_id}-${i.sku_id}-${n}`}>
              <img src={i.image} alt="" className="mall-line-img" />
              <div className="mall-line-body">
                <div className="mall-line-title">{titleIn(i, lang)}</div>
                {i.sku_name && <div className="muted">{lineSkuNameIn(i, lang)}</div>}
                {i.price_changed && <div className="mall-warn">{t('mall.priceChanged')}</div>}
                <div className="row between">
                  <span>{formatMoney(i.price)}</span>
                  <span className="muted">× {i.quantity}</span>
                </div>
              </div>
            </div>
          ))}
          {/* Several orders: each one's own total (its seller ships it to our warehouse); the amounts line by line are the settlement's, once below. */}
          {several && (
            <div className="mall-kv" data-testid={`settle-order-total-${o.source}`}>
              <span>{t('mall.orderSubtotal')}</span>
              <span>
                {formatMoney(o.total)}
                {o.inland_freight.amount_minor > 0 && (
                  <span className="muted"> {t('mall.inclInland', { fee: formatMoney(o.inland_freight) })}</span>
                )}
              </span>
            </div>
          )}
        </section>
      ))}

      <section className="section" data-testid="shipping-modes">
        <h2 className="section-title">{t('mall.toSingapore')}</h2>
        <Radio.Group value={mode} onChange={(v) => setMode(v as MallShippingMode)}>
          {d.shipping_modes.map((s) => {
            const days = deliveryDays(s.mode === 'AIR' ? 'air' : 'sea');
            return (
              <div className={`mall-mode${s.allowed ? '' : ' off'}`} key={s.mode} data-testid={`mode-${s.mode}`}>
                <Radio value={s.mode} disabled={!s.allowed}>
                  {t(`mall.mode.${s.mode}`)}
                  <span className="muted"> · {t('mall.workingDays', { from: days[0], to: days[1] })}</span>
                </Radio>
                {!s.allowed && <div className="mall-mode-reason">{s.reason || t('mall.modeRefused')}</div>}
              </div>
            );
          })}
        </Radio.Group>
      </section>

      {door && (
        <List header={t('mall.deliverTo')}>
          <List.Item
            clickable
            onClick={() => nav.navigateTo(paths.addressList, { select: 1 })}
            description={address ? `${address.district} ${address.address}` : undefined}
            data-testid="settle-address"
          >
            {address ? `${address.receiver} ${address.phone}` : t('mall.addAddress')}
          </List.Item>
        </List>
      )}
      {mode === 'GROUP' && (
        <List header={t('mall.leader')}>
          {d.group ? (
            <List.Item description={d.group.address} data-testid="settle-group">
              {d.group.name} · {d.group.leader_name}
            </List.Item>
          ) : (
            <List.Item clickable onClick={() => nav.navigateTo(paths.map)}>
              {t('mall.needGroup')}
            </List.Item>
          )}
        </List>
      )}

      <section className="section">
        <div className="mall-kv">
          <span>{t('mall.goodsTotal')}</span>
          <span>{formatMoney(d.goods_total)}</span>
        </div>
        <div className="mall-kv">
          <span>{t('mall.inland')}</span>
          <span>{d.inland_freight.amount_minor ? formatMoney(d.inland_freight) : t('mall.inlandFree')}</span>
        </div>
        {d.rebate.amount_minor > 0 && (
          <div className="mall-kv">
            <span>{t('mall.rebateTotal')}</span>
            <span className="mall-rebate">{formatMoney(d.rebate)}</span>
          </div>
        )}
        <div className="mall-kv" data-testid="freight-later">
          <span>{t('mall.freightToSg')}</span>
          <span className={est ? undefined : 'muted'}>
            {est ? t('mall.freightAbout', { amount: formatMoney(est.amount) }) : t('mall.freightLater')}
          </span>
        </div>
        {est && (
          <p className="muted mall-freight-note" data-testid="freight-estimate-note">
            {t('mall.freightWeighed', { mode: t(`mall.modeShort.${est.mode}`), kg: est.chargeable_weight_kg })}
          </p>
        )}
        <div className="mall-kv" data-testid="coupon-hint">
          <span>{t('mall.coupon')}</span>
          <span className="muted">{usableCoupons.length ? t('mall.couponHint', { n: usableCoupons.length }) : t('mall.noCoupon')}</span>
        </div>
        <div className="mall-kv">
          <span>{t('mall.rate')}</span>
          <span className="muted">{t('mall.rateLine', { rate: d.exchange_rate })}</span>
        </div>
        <TextArea
          placeholder={t('mall.remarkPh')}
          aria-label={t('mall.remark')}
          maxLength={140}
          rows={2}
          value={remark}
          onChange={setRemark}
          className="mall-remark"
        />
        <p className="muted">{t('mall.payWithin', { n: d.pay_within_minutes })}</p>
      </section>

      {missing && (
        <p className="mall-warn" style={{ margin: '0 12px' }} role="status">
          {missing}
        </p>
      )}
      <div className="mall-cart-bar" data-testid="settle-bar">
        <div className="mall-cart-total">
          <div>
            {t('mall.total')}{' '}
            <b className="mall-rmb" data-testid="settle-total">
              {formatMoney(d.total)}
            </b>
          </div>
          <div className="muted">≈ {formatMoney(d.total_sgd)}</div>
        </div>
        <Button
          color="danger"
          loading={create.isPending}
          disabled={!!missing || q.isFetching}
          onClick={() => void submit()}
          data-testid="settle-submit"
        >
          {t('mall.submitOrder')}
        </Button>
      </div>
    </div>
  );
}
