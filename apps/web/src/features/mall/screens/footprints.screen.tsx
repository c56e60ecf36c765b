import { useStrings } from '../../../lib/i18n.ts';
import { FootprintList } from '../components/footprint-list.tsx';
import '../mall.css';

/** Footprints: goods viewed, by day. */
export default function FootPrintScreen() {
  useStrings('mall');
  return <FootprintList />;
}
