import { useSearchParams } from 'react-router';
import { useStrings } from '../../../lib/i18n.ts';
import { GoodsResults } from '../components/goods-results.tsx';
import { SearchEntry } from '../components/search-entry.tsx';
import { filterFromParams, filterToParams } from '../model.ts';
import '../mall.css';

/** Goods of a category (?category_id=) or of a search (?keyword=): sort, filter, infinite list. */
export default function CargoListScreen() {
  useStrings('mall');
  const [params, setParams] = useSearchParams();
  const categoryId = Number(params.get('category_id') ?? 0);
  const keyword = params.get('keyword') ?? '';
  const filter = filterFromParams(params);
  const base = {
    keyword,
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : undefined,
  };
  return (
    <div>
      <div className="mall-top plain">
        <SearchEntry hint={keyword || undefined} />
      </div>
      <GoodsResults
        base={base}
        filter={filter}
        onFilter={(f) =>
          setParams(
            {
              ...(base.categoryId ? { category_id: String(base.categoryId) } : {}),
              ...(keyword ? { keyword } : {}),
              ...filterToParams(f),
            },
            { replace: true },
          )
        }
        onSearch={(w) => setParams({ keyword: w }, { replace: true })}
      />
    </div>
  );
}
