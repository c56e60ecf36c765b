import { useState } from 'react';
import { Button, Empty, NavBar, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { MallOrderView } from '@pinyou/contract';
import { loadGate } from '../../../components/query-state.tsx';
import { FailureState } from '../../../components/failure-state.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useRecordDetail } from '../api/record-detail.ts';
import { useMallLogistics } from '../api/logistics.ts';
import { detailPathOf, lineSkuNameIn, statusTone, titleIn } from '../model.ts';
import { CancelPopup } from './cancel-popup.tsx';
import { PayCountdown } from './countdown.tsx';
import { SourceTag } from './source-tag.tsx';

/** The order's detail (custom navigation bar); `payArea` is what the screen offers to pay an unpaid order. */
export function OrderDetail({ id, payArea }: { id: number; payArea: (o: MallOrderView) => React.ReactNode }) {
  const { t } = useTranslation();
  const q = useRecordDetail(id);
  const o = q.data;
  const bar = (
    <NavBar className="mall-nav" onBack={() => nav.navigateBack(paths.orderCenter)} style={{ background: '#c8202d', color: '#fff' }}>
      {t(`titles.${paths.cartOrderDetail}`)}
    </NavBar>
  );
  const gate = loadGate(q);
  return (
    <div className="mall-order-detail" data-testid="mall-order-detail">
      {bar}
      {gate ?? (o ? <Body o={o} payArea={payArea} onExpire={() => void q.refetch()} /> : <Empty description={t('mall.orderMissing')} />)}
    </div>
  );
}

function Row({ k, v, copy, testId }: { k: string; v: React.ReactNode; copy?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mall-kv" data-testid={testId}>
      <span>{k}</span>
      <span className="token">
        {v}
        {copy && (
          <button
            type="button"
            className="btn-link"
            onClick={() => void copyText(copy).then((ok) => Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') }))}
            aria-label={t('mall.copyThis', { what: k })}
          >
            {t('mall.copy')}
          </button>
        )}
      </span>
    </div>
  );
}

function Body({ o, payArea, onExpire }: { o: MallOrderView; payArea: (o: MallOrderView) => React.ReactNode; onExpire: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [cancelOpen, setCancelOpen] = useState(false);
  const hasLogistics = ['shipped', 'packed', 'done'].includes(o.status) || !!o.tracking_no;
  const logistics = useMallLogistics(o.id, hasLogistics);
  const when = (v: string | null) => (v ? formatDateTime(v) : '—');
  return (
    <>
      <section className="mall-status-banner" data-testid="order-banner">
        <StatusTag tone={statusTone[o.status]} testId="detail-status">
          {t(`mall.status.${o.status}`)}
        </StatusTag>
        <p>{t(`mall.statusHint.${o.status}`)}</p>
        {o.status === 'waiting_pay' && <PayCountdown payBefore={o.pay_before} onExpire={onExpire} />}
        {o.cancel_reason && (o.status === 'cancel_pending' || o.status === 'cancelled') && (
          <p>{t('mall.cancelReasonWas', { reason: o.cancel_reason })}</p>
        )}
        {o.cancel_refused_reason && <p data-testid="cancel-refused">{t('mall.cancelRefused', { reason: o.cancel_refused_reason })}</p>}
      </section>

      {o.status === 'waiting_pay' && o.can_pay && <div data-testid="detail-pay">{payArea(o)}</div>}

      <section className="section">
        <div className="row">
          <SourceTag source={o.source} />
          <span className="mall-shop">{o.shop_name}</span>
        </div>
        {o.items.map((i, n) => (
          <a
            className="mall-settle-line"
            key={`${i.product_id}-${n}`}
            href={`#/${detailPathOf[o.source]}?id=${i.product_id}`}
            onClick={(e) => {
              e.preventDefault();
              nav.navigateTo(detailPathOf[o.source], { id: i.product_id });
            }}
          >
            <img src={i.image} alt="" className="mall-line-img" />
            <div className="mall-line-body">
              <div className="mall-line-title">{titleIn(i, lang)}</div>
              {i.sku_name && <div className="muted">{lineSkuNameIn(i, lang)}</div>}
              <div className="row between">
                <span>{formatMoney(i.price)}</span>
                <span className="muted">× {i.quantity}</span>
              </div>
            </div>
          </a>
        ))}
        <Row k={t('mall.goodsTotal')} v={formatMoney(o.goods_total)} />
        <Row k={t('mall.inland')} v={o.inland_freight.amount_minor ? formatMoney(o.inland_freight) : t('mall.inlandFree')} />
        <Row k={t('mall.orderTotal')} v={<b className="mall-rmb">{formatMoney(o.total)}</b>} testId="detail-total" />
        {o.rebate.amount_minor > 0 && (
          <Row
            k={t('mall.rebate')}
            v={`${formatMoney(o.rebate)} · ${o.rebate_credited ? t('mall.rebateCredited') : t('mall.rebateLater')}`}
          />
        )}
        {o.refund.amount_minor > 0 && <Row k={t('mall.refund')} v={formatMoney(o.refund)} testId="detail-refund" />}
      </section>

      <section className="section" data-testid="order-info">
        <Row k={t('mall.orderSn')} v={o.order_sn} copy={o.order_sn} />
        <Row k={t('mall.toSingapore')} v={t(`mall.mode.${o.shipping_mode}`)} />
        <Row
          k={o.shipping_mode === 'GROUP' ? t('mall.leader') : t('mall.deliverTo')}
          v={o.shipping_mode === 'GROUP' ? `${o.leader_name} · ${o.deliver_to}` : o.deliver_to}
        />
        {o.remark && <Row k={t('mall.remark')} v={o.remark} />}
        <Row k={t('mall.createdAt')} v={when(o.created_at)} />
        {o.paid_at && <Row k={t('mall.paidAt')} v={when(o.paid_at)} />}
        {o.platform_order_no && (
          <Row k={t('mall.platformOrderNo')} v={o.platform_order_no} copy={o.platform_order_no} testId="platform-no" />
        )}
        {o.tracking_no && <Row k={o.carrier || t('mall.tracking')} v={o.tracking_no} copy={o.tracking_no} testId="tracking-no" />}
        {o.cancelled_at && <Row k={t('mall.cancelledAt')} v={when(o.cancelled_at)} />}
      </section>

      {hasLogistics && (
        <section className="section" data-testid="order-logistics">
          <h2 className="section-title">{t('mall.logistics')}</h2>
          {logistics.isError && !logistics.data ? (
            <FailureState error={logistics.error} onRetry={() => void logistics.refetch()} compact />
          ) : logistics.data ? (
            <>
              {logistics.data.stage && <p className="mall-stage">{t('mall.stageNow', { stage: logistics.data.stage })}</p>}
              {logistics.data.events.length === 0 ? (
                <p className="muted">{t('mall.noLogistics')}</p>
              ) : (
                <ol className="mall-timeline">
                  {logistics.data.events.map((e, i) => (
                    <li key={i} className={i === 0 ? 'now' : ''}>
                      <div>{e.text}</div>
                      <div className="muted">{when(e.time)}</div>
                    </li>
                  ))}
                </ol>
              )}
            </>
          ) : (
            <span className="spinner" role="status" aria-label={t('common.loading')} />
          )}
        </section>
      )}

      {o.can_cancel && (
        <div className="form-footer">
          <Button block color="danger" fill="outline" onClick={() => setCancelOpen(true)} data-testid="order-cancel">
            {o.cancel_needs_confirmation ? t('mall.cancelRequest') : t('mall.cancelOrder')}
          </Button>
        </div>
      )}
      {cancelOpen && <CancelPopup order={o} open onClose={() => setCancelOpen(false)} />}
    </>
  );
}
