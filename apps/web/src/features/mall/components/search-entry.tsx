import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translation.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** A search box that opens the search page (searchShop) when tapped. */
export function SearchEntry({ hint }: { hint?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="mall-search-entry" onClick={() => nav.navigateTo(paths.searchShop)} data-testid="search-entry">
      <SearchOutline aria-hidden />
      <span>{hint || t('mall.searchPh')}</span>
    </button>
  );
}
