import { Button, Result } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** After a declaration: declare another, or see the parcel in its list. */
export default function DeclaredScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const no = params.get('no') ?? '';
  const status = params.get('status') === 'warehouse' ? 'warehouse' : 'pending';
  return (
    <div data-testid="declared">
      <Result
        status="success"
        title={t('parcels.declared.title')}
        description={
          <>
            <div>{no}</div>
            <div>{status === 'warehouse' ? t('parcels.declared.alreadyArrived') : t('parcels.declared.next')}</div>
          </>
        }
      />
      <div className="pc-actions">
        <Button color="primary" fill="outline" onClick={() => nav.redirectTo(paths.orderCreate)} data-testid="declare-another">
          {t('parcels.declared.another')}
        </Button>
        <Button color="primary" onClick={() => nav.redirectTo(paths.orderAll, { tab: status })} data-testid="view-orders">
          {t('parcels.declared.view')}
        </Button>
      </div>
    </div>
  );
}
