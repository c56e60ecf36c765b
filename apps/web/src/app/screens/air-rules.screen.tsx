import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { useStrings } from '../../lib/i18n.ts';
import { nav } from '../../lib/nav.ts';
import { paths } from '../../lib/paths.ts';
import { useArticle } from '../../features/content/api/article.ts';
import { RichText } from '../../features/content/components/rich-text.tsx';
import '../../features/content/content.css';
import '../../features/parcels/parcels.css';

/** Air-freight rules: the article staff keep up to date ('air-freight-rules'), then the calculator. */
export default function AirRulesScreen() {
  useStrings('parcels', 'content');
  const { t } = useTranslation();
  const { data, isError, isLoading } = useArticle({ slug: 'air-freight-rules' });
  return (
    <div className="pc-rules" data-testid="air-rules">
      {isLoading && (
        <div className="empty-page">
          <span className="spinner" role="status" aria-label="loading" />
        </div>
      )}
      {isError && <ErrorBlock status="empty" title={t('content.article.notFound')} />}
      {data && (
        <div className="section">
          <RichText html={data.body_html} />
        </div>
      )}
      <div className="form-footer">
        <Button block color="primary" onClick={() => nav.navigateTo(paths.calculateFreight, { mode: 'AIR' })}>
          {t('parcels.airRules.calculate')}
        </Button>
      </div>
    </div>
  );
}
