import { useState } from 'react';
import { Button, Empty, Selector, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { Pack } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useDispatchInfo } from '../api/dispatch-info.ts';
import { useSetDispatch } from '../api/set-dispatch.ts';
import type { Slot } from '../model.ts';
import { loadGate } from '../../../components/query-state.tsx';
import '../parcels.css';

function DispatchCard({ k, dates, slots }: { k: Pack; dates: string[]; slots: string[] }) {
  const { t } = useTranslation();
  const save = useSetDispatch();
  const [date, setDate] = useState(k.dispatch_date ?? '');
  const [slot, setSlot] = useState(k.dispatch_slot ?? '');
  const onSave = async () => {
    if (!date || !slot) return Toast.show({ content: t('parcels.dispatch.choose') });
    try {
      await save.mutateAsync({ pack_id: k.id, date, slot: slot as Slot });
      Toast.show({ icon: 'success', content: t('parcels.dispatch.saved') });
    } catch {
      /* shown by the request client */
    }
  };
  return (
    <div className="section" data-testid={`dispatch-${k.pack_no}`}>
      <div className="row between">
        <b onClick={() => nav.navigateTo(paths.packageDetail, { id: k.id })}>{k.pack_no}</b>
        <Tag color={k.dispatch_status === 'confirmed' ? 'success' : 'warning'}>{t(`parcels.dispatch.status.${k.dispatch_status}`)}</Tag>
      </div>
      {k.address && (
        <div className="muted">
          {k.address.receiver} · {k.address.district} {k.address.address}
        </div>
      )}
      <div className="section-title" style={{ marginTop: 10 }}>
        {t('parcels.dispatch.date')}
      </div>
      <Selector
        columns={4}
        value={date ? [date] : []}
        onChange={(v) => setDate(v[0] ?? '')}
        options={dates.map((x) => ({ label: x.slice(5), value: x }))}
      />
      <div className="section-title" style={{ marginTop: 10 }}>
        {t('parcels.dispatch.slot')}
      </div>
      <Selector
        columns={3}
        value={slot ? [slot] : []}
        onChange={(v) => setSlot(v[0] ?? '')}
        options={slots.map((x) => ({ label: x, value: x }))}
      />
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        loading={save.isPending}
        onClick={() => void onSave()}
        data-testid="dispatch-save"
      >
        {k.dispatch_status === 'confirmed' ? t('parcels.dispatch.change') : t('parcels.dispatch.confirm')}
      </Button>
    </div>
  );
}

/** Delivery-time confirmation for packs at the Singapore delivery stage. */
export default function DeliveryTimeScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const dispatchQ = useDispatchInfo();
  const data = dispatchQ.data;
  const gate = loadGate(dispatchQ, 'list');
  if (gate) return gate;
  return (
    <div data-testid="delivery-time">
      <p className="pc-hint" style={{ margin: 12 }}>
        {t('parcels.dispatch.hint')}
      </p>
      {!data?.list.length && <Empty description={t('parcels.dispatch.none')} />}
      {data?.list.map((k) => (
        <DispatchCard key={k.id} k={k} dates={data.dates} slots={data.slots} />
      ))}
    </div>
  );
}
