import { SearchBar } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';

/** A search box that searches on Enter or clear. */
export function ListSearch({ value, onSearch, placeholder }: { value: string; onSearch: (v: string) => void; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ padding: '8px 12px', background: '#fff' }}>
      <SearchBar
        defaultValue={value}
        placeholder={placeholder ?? t('parcels.searchPh')}
        onSearch={(v) => onSearch(v.trim())}
        onClear={() => onSearch('')}
        data-testid="parcel-search"
      />
    </div>
  );
}
