import { useStrings } from '../../../lib/i18n.ts';
import { FootprintList } from '../../../features/mall/components/footprint-list.tsx';
import '../../../features/mall/mall.css';

/** Footprints: goods viewed, by day. */
export default function FootPrintScreen() {
  useStrings('mall');
  return <FootprintList />;
}
