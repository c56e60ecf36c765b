import { useTranslation } from '../../../lib/translation.ts';
import type { MallOrderView } from '@pinyou/contract';
import { StatusTag } from '../../../components/status-tag.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { lineSkuNameIn, statusTone, titleIn } from '../model.ts';
import { PayCountdown } from './countdown.tsx';
import { SourceTag } from './source-tag.tsx';

/** A mall order in the order centre: source, seller, status, goods, total; opens the order. */
export function OrderCard({ o }: { o: MallOrderView }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const open = () => nav.navigateTo(paths.cartOrderDetail, { id: o.id });
  return (
    <div className="section mall-order-card" data-testid={`mall-order-${o.id}`} data-status={o.status}>
      <div className="row between">
        <div className="row" style={{ minWidth: 0 }}>
          <SourceTag source={o.source} />
          <span className="mall-shop">{o.shop_name}</span>
        </div>
        <StatusTag tone={statusTone[o.status]} testId="order-status">
          {t(`mall.status.${o.status}`)}
        </StatusTag>
      </div>
      <a
        href={`#/${paths.cartOrderDetail}?id=${o.id}`}
        className="mall-order-items"
        onClick={(e) => {
          e.preventDefault();
          open();
        }}
        aria-label={t('mall.openOrder', { sn: o.order_sn })}
      >
        {o.items.slice(0, 2).map((i, n) => (
          <div className="mall-settle-line" key={`${i.product_id}-${n}`}>
            <img src={i.image} alt="" className="mall-line-img" />
            <div className="mall-line-body">
              <div className="mall-line-title">{titleIn(i, lang)}</div>
              <div className="row between muted">
                <span>{lineSkuNameIn(i, lang)}</span>
                <span>× {i.quantity}</span>
              </div>
            </div>
          </div>
        ))}
        {o.items.length > 2 && <div className="muted">{t('mall.moreItems', { n: o.items.length - 2 })}</div>}
      </a>
      <div className="row between" style={{ flexWrap: 'wrap' }}>
        <span className="muted token">{o.order_sn}</span>
        <span>
          {t('mall.itemsTotal', { n: o.item_count })} <b className="mall-rmb">{formatMoney(o.total)}</b>
        </span>
      </div>
      {o.status === 'waiting_pay' && (
        <div className="row between" style={{ marginTop: 8 }}>
          <PayCountdown payBefore={o.pay_before} />
          {o.can_pay && (
            <button
              type="button"
              className="mall-pill-btn"
              onClick={() => nav.navigateTo(paths.cartOrderDetail, { id: o.id, pay: 1 })}
              data-testid="order-pay"
            >
              {t('mall.pay')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
