import { useState } from 'react';
import { Badge, Empty, Tabs } from 'antd-mobile';
import { PagedList } from '../../../components/paged-list.tsx';
import { BillsToPay } from '../../../components/payment/bills-to-pay.tsx';
import { useUnpaidBillCount } from '../../../lib/payment/bill-list.ts';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import type { ParcelStatus } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useOrderList } from '../api/order-list.ts';
import { ParcelCard } from '../components/parcel-card.tsx';
import { ListSearch } from '../components/search-bar.tsx';
import { isParcelTab, parcelTabs } from '../model.ts';
import '../parcels.css';

/** Parcels by list category (spec §4) with counts, search, pull to refresh and infinite scroll. */
export default function AllOrdersScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ParcelStatus = isParcelTab(tabParam) ? tabParam : 'pending';
  const [keyword, setKeyword] = useState(params.get('q') ?? '');
  // To pay is a list of bills, not parcels: its badge is the number of bills, as on the home alert.
  const toPay = tab === 'unpaid';
  const q = useOrderList(tab, keyword);
  const billCount = useUnpaidBillCount();
  const pages = q.data?.pages ?? [];
  const list = pages.flatMap((p) => p.list);
  const counts = pages[0]?.counts;

  return (
    <div>
      <ListSearch value={keyword} onSearch={setKeyword} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        style={{ background: '#fff', '--title-font-size': '14px' } as never}
        data-testid="parcel-tabs"
      >
        {parcelTabs.map((s) => (
          <Tabs.Tab
            key={s}
            title={
              <Badge
                content={s === 'unpaid' ? billCount.data || null : counts && counts[s] ? counts[s] : null}
                style={{ '--right': '-10px', '--top': '2px' } as never}
              >
                <span data-testid={`tab-${s}`}>{t(`parcels.status.${s}`)}</span>
              </Badge>
            }
          />
        ))}
      </Tabs>
      {toPay ? (
        <BillsToPay />
      ) : (
        <PagedList
          query={q}
          items={list}
          testId="parcel-list"
          render={(p) => <ParcelCard key={p.id} p={p} onClick={() => nav.navigateTo(paths.orderDetail, { id: p.id })} />}
          empty={<Empty description={keyword ? t('parcels.list.noMatch') : t('parcels.list.empty')} />}
          header={
            tab === 'warehouse' && (
              <div
                className="pc-banner"
                style={{ background: '#e8f2ff', color: '#0b5fcc' }}
                onClick={() => nav.navigateTo(paths.orderPackage)}
                data-testid="go-pack"
              >
                <span>{t('parcels.list.packHint')}</span>
                <b>{t('parcels.list.packNow')}</b>
              </div>
            )
          }
        />
      )}
    </div>
  );
}
