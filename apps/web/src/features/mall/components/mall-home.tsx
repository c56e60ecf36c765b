import { useState } from 'react';
import { Empty, Swiper, Tabs } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { MallSource, ResponseOf, contract } from '@pinyou/contract';
import { FailureState } from '../../../components/failure-state.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { CardSkeleton } from '../../../components/skeletons.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useMallIndex } from '../api/mall-index.ts';
import { useRecommendGoods } from '../api/recommend-goods.ts';
import { useSearchGoods } from '../api/search-goods.ts';
import { CartButton } from './cart-button.tsx';
import { PasteLink } from './paste-link.tsx';
import { ProductCard } from './product-card.tsx';
import { SearchEntry } from './search-entry.tsx';

type Slide = ResponseOf<typeof contract.mall.getIndex>['slides'][number];

function openSlide(s: Slide) {
  if (s.link_type === 'product' && Number(s.link) > 0) nav.navigateTo(paths.cargoTbDetail, { id: s.link });
  else if (s.link_type === 'category') nav.navigateTo(paths.cargoList, { category_id: s.link });
  else if (s.link_type === 'search') nav.navigateTo(paths.cargoList, { keyword: s.link });
  else if (s.link_type === 'url' && s.link) window.open(s.link, '_blank', 'noopener');
}

/**
 * The Mall tab (spec §2: red title bar, no pull-down refresh): search, paste a link, categories, slides,
 * source tabs and the recommendations as an infinite list.
 */
export function MallHome() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const index = useMallIndex();
  const [source, setSource] = useState<'all' | MallSource>('all');
  const d = index.data;

  return (
    <div className="mall-home" data-testid="mall-home">
      <div className="mall-top">
        <SearchEntry hint={d?.hot_keywords[0] ? t('mall.searchHot', { word: d.hot_keywords[0] }) : undefined} />
        <CartButton light />
      </div>
      <PasteLink />
      {index.isError && !d && <FailureState error={index.error} onRetry={() => void index.refetch()} compact />}
      {!d && index.isPending && <CardSkeleton lines={4} />}
      {d && d.slides.length > 0 && (
        <Swiper className="mall-slides" autoplay autoplayInterval={3000} loop={d.slides.length > 1} aria-label={t('mall.slides')}>
          {d.slides.map((s) => (
            <Swiper.Item key={s.id}>
              <button type="button" className="mall-slide" onClick={() => openSlide(s)} data-testid={`slide-${s.id}`}>
                <img src={s.image} alt={s.title[lang] || t('mall.slides')} />
              </button>
            </Swiper.Item>
          ))}
        </Swiper>
      )}
      {d && d.categories.length > 0 && (
        <nav className="section mall-categories" aria-label={t('mall.categories')} data-testid="categories">
          {d.categories.map((c) => (
            <button
              key={c.id}
              type="button"
              className="mall-category"
              onClick={() => nav.navigateTo(paths.cargoList, { category_id: c.id })}
              data-testid={`category-${c.id}`}
            >
              {c.icon ? <img src={c.icon} alt="" /> : <span className="mall-category-dot" aria-hidden />}
              <span>{c.name[lang]}</span>
            </button>
          ))}
        </nav>
      )}
      {d && (
        <Tabs
          activeKey={source}
          onChange={(k) => setSource(k as 'all' | MallSource)}
          className="mall-source-tabs"
          style={{ '--active-line-color': '#c8202d', '--active-title-color': '#b3261e' } as never}
          data-testid="source-tabs"
        >
          <Tabs.Tab key="all" title={t('mall.recommend')} />
          {d.sources.map((s) => (
            <Tabs.Tab key={s} title={<span data-testid={`source-tab-${s}`}>{t(`mall.source.${s}`)}</span>} />
          ))}
        </Tabs>
      )}
      {d && (source === 'all' ? <Recommended /> : <SourceGoods source={source} />)}
    </div>
  );
}

function Recommended() {
  const { t } = useTranslation();
  const q = useRecommendGoods();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PagedList
      query={q}
      items={items}
      className="mall-grid"
      pullToRefresh={false}
      testId="recommend-list"
      render={(p) => <ProductCard key={p.id} p={p} />}
      empty={<Empty description={t('mall.noGoods')} />}
    />
  );
}

function SourceGoods({ source }: { source: MallSource }) {
  const { t } = useTranslation();
  const q = useSearchGoods({ source, sort: 'sales' });
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PagedList
      query={q}
      items={items}
      className="mall-grid"
      pullToRefresh={false}
      testId={`source-list-${source}`}
      render={(p) => <ProductCard key={p.id} p={p} />}
      empty={<Empty description={t('mall.noGoods')} />}
    />
  );
}
