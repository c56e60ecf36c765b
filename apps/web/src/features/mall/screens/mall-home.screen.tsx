import { useStrings } from '../../../lib/i18n.ts';
import { MallHome } from '../components/mall-home.tsx';
import '../mall.css';

/** The Mall tab (red title bar from the page frame, no pull-down refresh). */
export default function MallScreen() {
  useStrings('mall');
  return <MallHome />;
}
