import type { MallSearchInstead } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Under a search that found nothing: "did you mean" (searches it), the nearest categories (open their lists)
 * and the hint that a product link or share text pasted into the search box opens the product.
 */
export function SearchInstead({ instead, onSearch }: { instead: MallSearchInstead; onSearch?: (keyword: string) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <div className="mall-instead" data-testid="search-instead">
      {instead.did_you_mean && onSearch && (
        <p>
          {t('mall.didYouMean')}{' '}
          <button type="button" className="btn-link" onClick={() => onSearch(instead.did_you_mean)} data-testid="did-you-mean">
            {instead.did_you_mean}
          </button>
        </p>
      )}
      {instead.categories.length > 0 && (
        <>
          <p>{t('mall.tryCategories')}</p>
          <div className="mall-words">
            {instead.categories.map((c) => (
              <button
                key={c.id}
                type="button"
                className="mall-word"
                onClick={() => nav.navigateTo(paths.cargoList, { category_id: c.id })}
                data-testid="instead-category"
              >
                {c.name[lang]}
              </button>
            ))}
          </div>
        </>
      )}
      {instead.paste_link && (
        <p className="muted" data-testid="paste-link-hint">
          {t('mall.pasteLinkHint')}
        </p>
      )}
    </div>
  );
}
