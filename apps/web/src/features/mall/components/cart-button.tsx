import { Badge } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { ShopbagOutline } from 'antd-mobile-icons';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useCartCount } from '../api/cart-count.ts';

/** The cart icon with its count (showShoppingCartCount); opens the cart. */
export function CartButton({ light }: { light?: boolean }) {
  const { t } = useTranslation();
  const q = useCartCount();
  const n = q.data?.count ?? 0;
  return (
    <button
      type="button"
      className={`mall-cart-btn${light ? ' light' : ''}`}
      onClick={() => nav.navigateTo(paths.cartList)}
      aria-label={n ? t('mall.cartWithCount', { n }) : t('mall.cart')}
      data-testid="cart-button"
    >
      <Badge content={n ? (n > 99 ? '99+' : n) : null}>
        <ShopbagOutline fontSize={22} aria-hidden />
      </Badge>
    </button>
  );
}
