import { Button, Empty, List, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useAddressList } from '../../../lib/address-list.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** Delivery addresses; with select=1 a tap picks one for the previous page. */
export default function AddressListScreen() {
  useStrings('address');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const addressesQ = useAddressList();
  const { data } = addressesQ;
  const selecting = params.get('select') === '1';
  return (
    <div>
      <QueryState query={addressesQ} isEmpty={!data?.list.length} empty={<Empty description={t('address.none')} />} />
      <List>
        {data?.list.map((a) => (
          <List.Item
            key={a.id}
            onClick={() =>
              selecting
                ? (sessionStorage.setItem('picked-address', String(a.id)), nav.navigateBack())
                : nav.navigateTo(paths.addressDetail, { id: a.id })
            }
            description={`${a.district} ${a.address} · ${a.postcode}`}
            extra={a.is_default ? <Tag color="primary">{t('address.default')}</Tag> : null}
          >
            {a.receiver} <span className="muted">{a.phone}</span>
          </List.Item>
        ))}
      </List>
      <div className="form-footer">
        <Button block color="primary" size="large" onClick={() => nav.navigateTo(paths.addressAdd)} data-testid="address-add">
          {t('address.add')}
        </Button>
      </div>
    </div>
  );
}
