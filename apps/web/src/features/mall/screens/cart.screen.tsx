import { useStrings } from '../../../lib/i18n.ts';
import { CartView } from '../components/cart-view.tsx';
import '../mall.css';

/** The shopping cart. */
export default function CartListScreen() {
  useStrings('mall');
  return <CartView />;
}
