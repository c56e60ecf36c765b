import { useTranslation } from '../../../lib/translation.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchSuggest } from '../api/search-suggest.ts';

/**
 * Suggestions under the search box as the customer types: a word searches it (`onPick`), a category opens
 * its list. Nothing is shown for nothing typed, or when there is nothing to suggest.
 */
export function SearchSuggest({ text, onPick }: { text: string; onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const q = useSearchSuggest(text);
  const list = text.trim() ? (q.data?.list ?? []) : [];
  if (!list.length) return null;
  return (
    <ul className="mall-suggest" role="listbox" aria-label={t('mall.suggestions')} data-testid="search-suggest">
      {list.map((s) => (
        <li key={`${s.category_id ?? 'w'}-${s.text}`} role="option" aria-selected={false}>
          <button
            type="button"
            onClick={() => (s.category_id !== null ? nav.navigateTo(paths.cargoList, { category_id: s.category_id }) : onPick(s.text))}
            data-testid={s.category_id !== null ? 'suggest-category' : 'suggest-word'}
          >
            <span>{s.text}</span>
            {s.category_id !== null && <span className="mall-suggest-kind">{t('mall.suggestCategory')}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
