import { useSearchParams } from 'react-router';
import { useStrings } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { ProductDetail } from '../components/product-detail.tsx';
import '../mall.css';

/** Goods detail of Taobao and PDD (custom navigation bar): the shared mall detail with this source's differences. */
export default function Screen() {
  useStrings('mall');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  return <ProductDetail route={paths.cargoTbDetail} id={Number.isInteger(id) ? id : 0} />;
}
