import { Button, Checkbox, Dialog, Empty } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translation.ts';
import type { CartItem } from '@pinyou/contract';
import { QueryState } from '../../../components/query-state.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useCart } from '../api/cart.ts';
import { useUpdateCart } from '../api/update-cart.ts';
import { useRemoveFromCart } from '../api/remove-from-cart.ts';
import { detailPathOf, lineSkuNameIn, rmbToSgdMinor, titleIn } from '../model.ts';
import { NumberBox } from './number-box.tsx';
import { SourceTag } from './source-tag.tsx';

/**
 * The cart, grouped by source and seller: select lines, a group or all; change quantities within the
 * stock; remove; lines that cannot be bought are greyed and cannot be selected; the total of the selected
 * lines and Settle.
 */
export function CartView() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const q = useCart();
  const update = useUpdateCart();
  const remove = useRemoveFromCart();
  const cart = q.data;
  const all = cart?.groups.flatMap((g) => g.items) ?? [];
  const buyable = all.filter((i) => i.available);
  const selected = buyable.filter((i) => i.selected);
  const allSelected = buyable.length > 0 && selected.length === buyable.length;
  const sgd = cart ? rmbToSgdMinor(cart.selected_total.amount_minor, cart.exchange_rate) : null;

  const select = (items: CartItem[], on: boolean) => {
    const ids = items.filter((i) => i.available).map((i) => i.id);
    if (ids.length) update.mutate({ ids, selected: on });
  };
  const removeLines = async (ids: number[]) => {
    if (!ids.length) return;
    const ok = await Dialog.confirm({
      content: t('mall.cartRemoveConfirm', { n: ids.length }),
      confirmText: t('mall.remove'),
      cancelText: t('common.cancel'),
    });
    if (ok) await remove.mutateAsync(ids).catch(() => undefined);
  };

  return (
    <div className="mall-cart" data-testid="cart">
      <QueryState
        query={q}
        isEmpty={all.length === 0}
        empty={
          <div className="empty-page">
            <Empty description={t('mall.cartEmpty')} />
            <Button color="danger" fill="outline" onClick={() => nav.switchTab(paths.mall)}>
              {t('mall.goShopping')}
            </Button>
          </div>
        }
      >
        {cart?.groups.map((g) => {
          const gBuyable = g.items.filter((i) => i.available);
          const gAll = gBuyable.length > 0 && gBuyable.every((i) => i.selected);
          return (
            <section className="section mall-cart-group" key={`${g.source}-${g.shop_name}`} data-testid={`cart-group-${g.source}`}>
              <div className="row">
                <Checkbox checked={gAll} disabled={!gBuyable.length} onChange={(on) => select(g.items, on)}>
                  <span className="sr-only">{t('mall.selectShop', { shop: g.shop_name })}</span>
                </Checkbox>
                <SourceTag source={g.source} />
                <span className="mall-shop">{g.shop_name}</span>
              </div>
              {g.items.map((i) => (
                <div className={`mall-cart-line${i.available ? '' : ' off'}`} key={i.id} data-testid={`cart-line-${i.id}`}>
                  <Checkbox
                    checked={i.available && i.selected}
                    disabled={!i.available}
                    onChange={(on) => select([i], on)}
                    data-testid={`cart-pick-${i.id}`}
                  >
                    <span className="sr-only">{t('mall.selectLine', { title: titleIn(i, lang) })}</span>
                  </Checkbox>
                  <img src={i.image} alt="" className="mall-line-img" />
                  <div className="mall-line-body">
                    <a
                      href={`#/${detailPathOf[i.source]}?id=${i.product_id}`}
                      className="mall-line-title"
                      onClick={(e) => {
                        e.preventDefault();
                        nav.navigateTo(detailPathOf[i.source], { id: i.product_id });
                      }}
                    >
                      {titleIn(i, lang)}
                    </a>
                    {i.sku_name && <div className="muted">{lineSkuNameIn(i, lang)}</div>}
                    {!i.available && <div className="mall-warn">{t('mall.unavailable')}</div>}
                    {i.available && i.added_price.amount_minor !== i.price.amount_minor && (
                      <div className="mall-warn">{t('mall.priceChangedFrom', { was: formatMoney(i.added_price) })}</div>
                    )}
                    <div className="row between" style={{ flexWrap: 'wrap' }}>
                      <b className="mall-rmb">{formatMoney(i.price)}</b>
                      {i.available ? (
                        <NumberBox
                          value={i.quantity}
                          stock={i.stock}
                          label={t('mall.quantityOf', { title: titleIn(i, lang) })}
                          onChange={(n) => update.mutate({ ids: [i.id], quantity: n })}
                          testId={`cart-qty-${i.id}`}
                        />
                      ) : (
                        <span className="muted">× {i.quantity}</span>
                      )}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="mall-icon-btn small"
                    onClick={() => void removeLines([i.id])}
                    aria-label={t('mall.removeLine', { title: titleIn(i, lang) })}
                    data-testid={`cart-remove-${i.id}`}
                  >
                    <DeleteOutline aria-hidden />
                  </button>
                </div>
              ))}
            </section>
          );
        })}
        <div className="mall-cart-bar" data-testid="cart-bar">
          <Checkbox checked={allSelected} disabled={!buyable.length} onChange={(on) => select(buyable, on)} data-testid="cart-all">
            {t('mall.selectAll')}
          </Checkbox>
          {selected.length > 0 && (
            <button
              type="button"
              className="btn-link"
              onClick={() => void removeLines(selected.map((i) => i.id))}
              data-testid="cart-remove-selected"
            >
              {t('mall.remove')}
            </button>
          )}
          <div className="mall-cart-total">
            <div>
              {t('mall.total')}{' '}
              <b className="mall-rmb" data-testid="cart-total">
                {cart ? formatMoney(cart.selected_total) : formatMoney(0, 'RMB')}
              </b>
            </div>
            {sgd !== null && <div className="muted">≈ {formatMoney(sgd, 'SGD')}</div>}
          </div>
          <Button
            color="danger"
            disabled={!selected.length}
            onClick={() => nav.navigateTo(paths.cartSettlement, { cart_ids: selected.map((i) => i.id).join(',') })}
            data-testid="cart-settle"
          >
            {t('mall.settle', { n: selected.reduce((s, i) => s + i.quantity, 0) })}
          </Button>
        </div>
      </QueryState>
    </div>
  );
}
