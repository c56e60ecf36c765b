import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { LinkMiss } from '../api/recognise-link.ts';

/**
 * A paste that opened nothing: the server's reason (not recognised, or not in our catalogue) and a way on,
 * searching for the title the share text quoted, or by a name the customer types.
 */
export function LinkMissNotice({ miss, onSearch }: { miss: LinkMiss; onSearch: (title: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mall-link-miss" role="alert" data-testid="link-miss" data-kind={miss.notHeld ? 'not-held' : 'not-recognised'}>
      <p>{miss.message}</p>
      <Button size="small" color="danger" fill="outline" onClick={() => onSearch(miss.title)} data-testid="link-miss-search">
        {miss.title ? t('mall.linkMiss.searchTitle', { title: miss.title }) : t('mall.linkMiss.searchByName')}
      </Button>
    </div>
  );
}
