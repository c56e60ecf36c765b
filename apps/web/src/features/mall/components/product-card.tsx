import type { MallProduct } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney } from '../../../lib/money.ts';
import { detailPathOf, titleIn } from '../model.ts';
import { Price } from './price.tsx';
import { SourceTag } from './source-tag.tsx';

export const openProduct = (p: { id: number; source: MallProduct['source'] }) => nav.navigateTo(detailPathOf[p.source], { id: p.id });

/** A product in a two-column grid (mall home, goods lists) or as a row (footprints): a link to its detail. */
export function ProductCard({ p, layout = 'grid' }: { p: MallProduct; layout?: 'grid' | 'row' }) {
  const { t } = useTranslation();
  const title = titleIn(p, currentLanguage());
  return (
    <a
      className={`mall-card ${layout}`}
      href={`#/${detailPathOf[p.source]}?id=${p.id}`}
      onClick={(e) => {
        e.preventDefault();
        openProduct(p);
      }}
      data-testid={`product-${p.id}`}
    >
      <img src={p.image} alt="" loading="lazy" className="mall-card-img" />
      <div className="mall-card-body">
        <div className="mall-card-title">{title}</div>
        <div className="mall-card-meta">
          <SourceTag source={p.source} />
          {p.free_shipping && <span className="mall-chip">{t('mall.freeShippingShort')}</span>}
          {p.sold_out && (
            <span className="mall-chip sold-out" data-testid="sold-out">
              {t('mall.soldOut')}
            </span>
          )}
        </div>
        <Price price={p.price} sgd={p.price_sgd} />
        <div className="mall-card-foot">
          <span>{t('mall.sold', { n: p.sales })}</span>
          {p.rebate.amount_minor > 0 && <span className="mall-rebate">{t('mall.rebateShort', { amount: formatMoney(p.rebate) })}</span>}
        </div>
      </div>
    </a>
  );
}
