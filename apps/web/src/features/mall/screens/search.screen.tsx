import { useEffect, useRef, useState } from 'react';
import { Dialog, SearchBar, type SearchBarRef } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { isLoggedIn } from '../../../lib/session.ts';
import { useSearchHistory } from '../api/search-history.ts';
import { useClearSearchHistory } from '../api/clear-search-history.ts';
import { linkMissOf, useRecogniseLink, type LinkMiss } from '../api/recognise-link.ts';
import { LinkMissNotice } from '../components/link-miss.tsx';
import { GoodsResults } from '../components/goods-results.tsx';
import { SearchSuggest } from '../components/search-suggest.tsx';
import { openProduct } from '../components/product-card.tsx';
import { filterFromParams, filterToParams, looksLikeProductLink } from '../model.ts';
import '../mall.css';

/**
 * Search the mall: history and hot keywords until something is searched, then the results as a goods
 * list. A pasted product link or share text is recognised and its detail opens instead; an item not in our
 * catalogue says so, with a search for the title the share text quoted (or a name the customer types).
 */
export default function SearchShopScreen() {
  useStrings('mall');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const [text, setText] = useState(keyword);
  const [miss, setMiss] = useState<LinkMiss | null>(null);
  const bar = useRef<SearchBarRef>(null);
  const history = useSearchHistory();
  const clear = useClearSearchHistory();
  const recognise = useRecogniseLink();
  const filter = filterFromParams(params);
  useEffect(() => setText(keyword), [keyword]);

  const search = async (value: string) => {
    const v = value.trim();
    if (!v) return;
    setMiss(null);
    if (looksLikeProductLink(v)) {
      try {
        openProduct((await recognise.mutateAsync(v)).product);
      } catch (e) {
        setMiss(linkMissOf(e));
      }
      return;
    }
    setParams({ keyword: v }, { replace: !!keyword });
  };
  const searchInstead = (title: string) => {
    setMiss(null);
    if (title) return void search(title);
    setText('');
    bar.current?.focus();
  };
  const onClear = async () => {
    if (
      !(await Dialog.confirm({ content: t('mall.clearHistoryConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') }))
    )
      return;
    await clear.mutateAsync().catch(() => undefined);
  };
  const words = (list: string[], kind: string) =>
    list.map((w) => (
      <button key={`${kind}-${w}`} type="button" className="mall-word" onClick={() => void search(w)} data-testid={`${kind}-word`}>
        {w}
      </button>
    ));

  return (
    <div data-testid="search-shop">
      <div className="mall-top plain">
        <SearchBar
          ref={bar}
          className="mall-searchbar"
          placeholder={t('mall.searchPhLong')}
          value={text}
          onChange={setText}
          onSearch={(v) => void search(v)}
          onClear={() => keyword && setParams({}, { replace: true })}
          showCancelButton={false}
          autoFocus={!keyword}
          aria-label={t('mall.searchPh')}
          data-testid="search-input"
        />
        <button type="button" className="mall-search-go" onClick={() => void search(text)} data-testid="search-go">
          {t('mall.search')}
        </button>
      </div>
      {/* Suggestions while typing: gone once what is typed is what was searched, or a link is pasted. */}
      {text.trim() !== keyword && !looksLikeProductLink(text) && <SearchSuggest text={text} onPick={(w) => void search(w)} />}
      {miss && <LinkMissNotice miss={miss} onSearch={searchInstead} />}
      {keyword ? (
        <GoodsResults
          base={{ keyword }}
          filter={filter}
          onFilter={(f) => setParams({ keyword, ...filterToParams(f) }, { replace: true })}
          onSearch={(w) => void search(w)}
        />
      ) : (
        <>
          {(history.data?.history.length ?? 0) > 0 && (
            <section className="section" data-testid="search-history">
              <div className="row between">
                <h2 className="section-title">{t('mall.history')}</h2>
                {isLoggedIn() && (
                  <button type="button" className="btn-link" onClick={() => void onClear()} data-testid="clear-history">
                    {t('mall.clearHistory')}
                  </button>
                )}
              </div>
              <div className="mall-words">{words(history.data!.history, 'history')}</div>
            </section>
          )}
          {(history.data?.hot.length ?? 0) > 0 && (
            <section className="section" data-testid="search-hot">
              <h2 className="section-title">{t('mall.hot')}</h2>
              <div className="mall-words">{words(history.data!.hot, 'hot')}</div>
            </section>
          )}
          {history.isError && (
            <p className="muted" style={{ margin: 12 }}>
              {t('mall.historyFailed')}{' '}
              <button type="button" className="btn-link" onClick={() => void history.refetch()}>
                {t('state.retry')}
              </button>
            </p>
          )}
          <p className="muted" style={{ margin: 12 }}>
            {t('mall.searchTips')}
          </p>
        </>
      )}
    </div>
  );
}
