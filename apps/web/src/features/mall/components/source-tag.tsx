import type { MallSource } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';

/** The platform the goods come from, as a small coloured label (colours at AA contrast). */
export function SourceTag({ source }: { source: MallSource }) {
  const { t } = useTranslation();
  return (
    <span className={`mall-source src-${source}`} data-testid="source-tag">
      {t(`mall.source.${source}`)}
    </span>
  );
}
