import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useRecommendGoods } from '../api/recommend-goods.ts';
import { ProductCard } from './product-card.tsx';
import '../mall.css';

/**
 * Home's recommended goods (getRecommendGoods): the first few, and a way into the mall. Loaded lazily
 * below the fold; says nothing when the goods could not be loaded (home has its own content).
 */
export default function HomeRecommend() {
  useStrings('mall');
  const { t } = useTranslation();
  const q = useRecommendGoods(6);
  const items = q.data?.pages[0]?.list ?? [];
  if (!items.length) return null;
  return (
    <section className="section" data-testid="home-recommend" style={{ padding: '14px 6px' }}>
      <div className="row between" style={{ padding: '0 8px' }}>
        <h2 className="section-title">{t('mall.home.recommend')}</h2>
        <button type="button" className="btn-link" onClick={() => nav.switchTab(paths.mall)} data-testid="home-recommend-more">
          {t('mall.home.more')}
        </button>
      </div>
      <div className="mall-grid" style={{ padding: 0 }}>
        {items.map((p) => (
          <ProductCard key={p.id} p={p} />
        ))}
      </div>
    </section>
  );
}
