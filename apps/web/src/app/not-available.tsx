import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from '../lib/translation.ts';
import { nav } from '../lib/nav.ts';
import { paths } from '../lib/paths.ts';

/** A route the spec names whose screen is not built yet: said plainly, with a way out. */
export function NotAvailable({ route }: { route: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty-page" data-testid="not-available">
      <ErrorBlock status="empty" title={t('common.notAvailableTitle')} description={t('common.notAvailableText')} />
      <p className="muted">{route}</p>
      <Button color="primary" fill="outline" onClick={() => nav.switchTab(paths.home)}>
        {t('common.backHome')}
      </Button>
    </div>
  );
}
