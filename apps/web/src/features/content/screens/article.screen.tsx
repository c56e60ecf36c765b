import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useArticle } from '../api/article.ts';
import { useArticles } from '../api/article-list.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { RichText } from '../components/rich-text.tsx';
import '../content.css';

/** An article (rules, guides, news) by id or key, in the reader's language. */
export default function ArticleDetailScreen() {
  useStrings('content');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0) || undefined;
  const slug = params.get('slug') || undefined;
  const { data, isError, isLoading } = useArticle({ id, slug });
  const others = useArticles().data?.list.filter((a) => a.id !== data?.id) ?? [];
  if (isLoading)
    return (
      <div className="empty-page">
        <span className="spinner" aria-label="loading" />
      </div>
    );
  if (isError || !data) return <ErrorBlock status="empty" title={t('content.article.notFound')} />;
  return (
    <article className="ct-article" data-testid="article">
      <h1 className="title">{data.title}</h1>
      <div className="muted" style={{ fontSize: 12, marginBottom: 12 }}>
        {t('content.article.updated', { date: data.updated_at.slice(0, 10) })}
      </div>
      <RichText html={data.body_html} />
      {others.length > 0 && (
        <nav style={{ marginTop: 24, borderTop: '1px solid #eee', paddingTop: 12 }} data-testid="other-articles">
          <div style={{ fontWeight: 600, marginBottom: 6 }}>{t('content.article.more')}</div>
          {others.map((a) => (
            <a
              key={a.id}
              onClick={() => nav.redirectTo(paths.articleDetail, { id: a.id })}
              style={{ display: 'flex', alignItems: 'center', minHeight: 44, color: '#197cff' }}
            >
              {a.title}
            </a>
          ))}
        </nav>
      )}
    </article>
  );
}
