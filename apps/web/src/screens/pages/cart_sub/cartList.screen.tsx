import { useStrings } from '../../../lib/i18n.ts';
import { CartView } from '../../../features/mall/components/cart-view.tsx';
import '../../../features/mall/mall.css';

/** The shopping cart. */
export default function CartListScreen() {
  useStrings('mall');
  return <CartView />;
}
