import { useState } from 'react';
import { Button, Empty, Input, Popup, Selector } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { mallSources, type MallSort, type MallSource } from '@pinyou/contract';
import { PagedList } from '../../../components/paged-list.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSearchGoods, type GoodsQuery } from '../api/search-goods.ts';
import { priceRangeProblem } from '../model.ts';
import { ProductCard } from './product-card.tsx';
import { SearchInstead } from './search-instead.tsx';

export interface GoodsFilter {
  sort: MallSort;
  source?: MallSource;
  minPrice?: string;
  maxPrice?: string;
}

/** Sort choices of the bar; price toggles low→high / high→low. */
const sortKeys = ['default', 'sales', 'price', 'newest'] as const;

/**
 * The goods of a category or a search: a sort bar (sales, price, newest), a filter (source, price range)
 * and the infinite two-column list. The filter lives in the screen's query string (`filter`/`onFilter`),
 * so going back to the list keeps it.
 */
export function GoodsResults({
  base,
  filter,
  onFilter,
  onSearch,
  pullToRefresh = true,
}: {
  base: Pick<GoodsQuery, 'keyword' | 'categoryId'>;
  filter: GoodsFilter;
  onFilter: (f: GoodsFilter) => void;
  /** Search another keyword (a "did you mean" of a search that found nothing). */
  onSearch?: (keyword: string) => void;
  pullToRefresh?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const q = useSearchGoods({ ...base, ...filter });
  const pages = q.data?.pages ?? [];
  const items = pages.flatMap((p) => p.list);
  const readAs = pages[0]?.read_as;
  const category = pages[0]?.category;
  const instead = pages[0]?.instead;
  const filtered = !!(filter.source || filter.minPrice || filter.maxPrice);

  const sortOf = (k: (typeof sortKeys)[number]): MallSort =>
    k === 'price' ? (filter.sort === 'price_asc' ? 'price_desc' : 'price_asc') : k;
  const active = (k: (typeof sortKeys)[number]) => (k === 'price' ? filter.sort.startsWith('price') : filter.sort === k);

  return (
    <div className="goods-results">
      {category && (
        <h1 className="mall-list-title" data-testid="category-name">
          {category.name[currentLanguage()]}
        </h1>
      )}
      <div className="mall-sortbar" role="toolbar" aria-label={t('mall.sortBy')}>
        {sortKeys.map((k) => (
          <button
            key={k}
            type="button"
            className={active(k) ? 'on' : ''}
            aria-pressed={active(k)}
            onClick={() => onFilter({ ...filter, sort: sortOf(k) })}
            data-testid={`sort-${k}`}
          >
            {t(`mall.sort.${k}`)}
            {k === 'price' && active(k) && <span aria-hidden>{filter.sort === 'price_asc' ? ' ↑' : ' ↓'}</span>}
            {k === 'price' && active(k) && (
              <span className="sr-only">{filter.sort === 'price_asc' ? t('mall.sort.lowFirst') : t('mall.sort.highFirst')}</span>
            )}
          </button>
        ))}
        <button type="button" className={filtered ? 'on' : ''} onClick={() => setOpen(true)} data-testid="filter-open">
          {t('mall.filter')}
          {filtered ? ' •' : ''}
        </button>
      </div>
      {readAs && base.keyword && readAs !== base.keyword && (
        <div className="mall-read-as" data-testid="read-as">
          {t('mall.readAs', { text: readAs })}
        </div>
      )}
      <PagedList
        query={q}
        items={items}
        className="mall-grid"
        pullToRefresh={pullToRefresh}
        testId="goods-list"
        render={(p) => <ProductCard key={p.id} p={p} />}
        empty={
          <>
            <Empty description={base.keyword ? t('mall.noMatch', { keyword: base.keyword }) : t('mall.noGoods')} />
            {instead && <SearchInstead instead={instead} onSearch={onSearch} />}
          </>
        }
      />
      <FilterPopup open={open} filter={filter} onClose={() => setOpen(false)} onApply={(f) => (setOpen(false), onFilter(f))} />
    </div>
  );
}

function FilterPopup({
  open,
  filter,
  onClose,
  onApply,
}: {
  open: boolean;
  filter: GoodsFilter;
  onClose: () => void;
  onApply: (f: GoodsFilter) => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<MallSource | undefined>(filter.source);
  const [min, setMin] = useState(filter.minPrice ?? '');
  const [max, setMax] = useState(filter.maxPrice ?? '');
  const problem = priceRangeProblem(min, max);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}
      destroyOnClose
    >
      <div data-testid="filter-popup">
        <div className="section-title">{t('mall.filterSource')}</div>
        <Selector
          columns={3}
          value={source ? [source] : []}
          onChange={(v) => setSource(v[0] as MallSource | undefined)}
          options={mallSources.map((s) => ({ label: t(`mall.source.${s}`), value: s }))}
        />
        <div className="section-title" style={{ marginTop: 14 }}>
          {t('mall.filterPrice')}
        </div>
        <div className="row">
          <Input
            aria-label={t('mall.minPrice')}
            placeholder={t('mall.minPrice')}
            inputMode="decimal"
            value={min}
            onChange={setMin}
            className="mall-price-input"
            data-testid="min-price"
          />
          <span aria-hidden>–</span>
          <Input
            aria-label={t('mall.maxPrice')}
            placeholder={t('mall.maxPrice')}
            inputMode="decimal"
            value={max}
            onChange={setMax}
            className="mall-price-input"
            data-testid="max-price"
          />
        </div>
        {problem && (
          <div className="field-error" role="alert">
            {t(`mall.priceProblem.${problem}`)}
          </div>
        )}
        <div className="row" style={{ marginTop: 16 }}>
          <Button
            block
            onClick={() => {
              setSource(undefined);
              setMin('');
              setMax('');
            }}
          >
            {t('mall.reset')}
          </Button>
          <Button
            block
            color="danger"
            disabled={!!problem}
            onClick={() => onApply({ ...filter, source, minPrice: min.trim() || undefined, maxPrice: max.trim() || undefined })}
            data-testid="filter-apply"
          >
            {t('mall.apply')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
