import { useTranslation } from '../../../lib/translation.ts';
import { ClockCircleOutline, ShopbagOutline } from 'antd-mobile-icons';
import { nav } from '../../../lib/nav.ts';
import { paths, type RoutePath } from '../../../lib/paths.ts';
import { useRecordCounts } from '../api/record-counts.ts';

const shown = ['waiting_pay', 'waiting_ship', 'shipped', 'cancel_pending'] as const;

/**
 * The personal centre's mall block: order counts by status (a dash when not known, never a false 0),
 * all orders, footprints and the cart.
 */
export function MallOrdersEntry({ loggedIn, ready }: { loggedIn: boolean; ready: boolean }) {
  const { t } = useTranslation();
  const q = useRecordCounts(ready);
  const go = (to: RoutePath, query?: Record<string, string>) => () =>
    loggedIn ? nav.navigateTo(to, query) : nav.navigateTo(paths.infoEdit, { isLogin: 1 });
  return (
    <div className="section" data-testid="my-mall">
      <div className="row between">
        <div className="section-title">{t('mall.my.orders')}</div>
        <button
          type="button"
          className="btn-link"
          style={{ textDecoration: 'none' }}
          onClick={go(paths.orderCenter)}
          data-testid="my-mall-all"
        >
          {t('mall.my.allOrders')}
        </button>
      </div>
      {loggedIn && q.isError && (
        <button type="button" className="btn-link" onClick={() => void q.refetch()} data-testid="mall-counts-retry">
          {t('state.failTitle')} · {t('state.retry')}
        </button>
      )}
      <div className="grid-entries">
        {shown.map((s) => (
          <button
            type="button"
            className="entry my-entry-btn"
            key={s}
            onClick={go(paths.orderCenter, { tab: s })}
            data-testid={`my-mall-${s}`}
          >
            <span className="count">{loggedIn ? (q.data?.counts[s] ?? '–') : 0}</span>
            {t(`mall.tab.${s}`)}
          </button>
        ))}
      </div>
      <div className="row" style={{ marginTop: 10, gap: 4 }}>
        <button type="button" className="btn-link my-mall-link" onClick={go(paths.footPrint)} data-testid="my-footprints">
          <ClockCircleOutline aria-hidden /> {t('mall.my.footprints')}
        </button>
        <button type="button" className="btn-link my-mall-link" onClick={go(paths.cartList)} data-testid="my-cart">
          <ShopbagOutline aria-hidden /> {t('mall.my.cart')}
        </button>
      </div>
    </div>
  );
}
