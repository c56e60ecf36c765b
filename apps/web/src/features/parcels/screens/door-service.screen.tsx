import { useState } from 'react';
import { Button, Dialog, Empty, Form, List, Picker, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddressList } from '../../../lib/address-list.ts';
import { usePackNos } from '../api/pack-nos.ts';
import { useDoorList } from '../api/door-list.ts';
import { useBookDoor } from '../api/book-door.ts';
import { useCancelDoor } from '../api/cancel-door.ts';
import { slots, type Slot } from '../model.ts';
import '../parcels.css';
import { QueryState } from '../../../components/query-state.tsx';

interface Values {
  pack_id: number[];
  kind: Array<'pickup' | 'delivery'>;
  date: string[];
  slot: Slot[];
  address_id: number[];
  remark: string;
}

/** Singapore dates from tomorrow for a week (the server refuses today and earlier). */
function nextDates(n = 7): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = fmt.format(new Date());
  return Array.from({ length: n }, (_, k) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + k + 1);
    return d.toISOString().slice(0, 10);
  });
}

/** Door-to-door service: book a pickup or delivery for a pack with date, time and address; see and cancel bookings. */
export default function DoorServiceScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const packs = usePackNos();
  const addresses = useAddressList();
  const bookings = useDoorList();
  const book = useBookDoor();
  const cancel = useCancelDoor();
  const [pickerOpen, setPickerOpen] = useState(false);
  const eligible = (packs.data?.list ?? []).filter((p) => ['packed', 'paid', 'shipped', 'delivered'].includes(p.status));
  const preset = Number(params.get('pack_id') ?? 0);
  const addrList = addresses.data?.list ?? [];
  const def = addrList.find((a) => a.is_default);

  const onFinish = async (v: Values) => {
    try {
      await book.mutateAsync({
        pack_id: v.pack_id[0],
        kind: v.kind[0],
        date: v.date[0],
        slot: v.slot[0],
        address_id: v.address_id?.[0],
        remark: v.remark ?? '',
      });
      Toast.show({ icon: 'success', content: t('parcels.door.booked') });
      form.resetFields(['date', 'slot', 'remark']);
    } catch {
      /* shown by the request client */
    }
  };
  const onCancel = async (id: number) => {
    if (
      !(await Dialog.confirm({
        content: t('parcels.door.cancelConfirm'),
        confirmText: t('parcels.door.cancel'),
        cancelText: t('common.cancel'),
      }))
    )
      return;
    await cancel.mutateAsync(id).catch(() => undefined);
  };

  return (
    <div data-testid="door-service">
      <p className="pc-hint" style={{ margin: 12 }}>
        {t('parcels.door.hint')}
      </p>
      {!packs.data ? (
        <QueryState query={packs} skeleton="card" />
      ) : !eligible.length ? (
        <Empty description={t('parcels.door.noPacks')} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            pack_id: preset ? [preset] : [],
            kind: ['delivery'],
            date: [],
            slot: [],
            address_id: def ? [def.id] : [],
            remark: '',
          }}
          onFinish={(v) => void onFinish(v as Values)}
          footer={
            <Button block type="submit" color="primary" loading={book.isPending} data-testid="door-submit">
              {t('parcels.door.book')}
            </Button>
          }
        >
          <Form.Item
            name="pack_id"
            label={t('parcels.packNo')}
            rules={[{ required: true, type: 'array', min: 1, message: t('parcels.door.choosePack') }]}
          >
            <Selector columns={2} options={eligible.map((p) => ({ label: p.pack_no, value: p.id }))} data-testid="door-pack" />
          </Form.Item>
          <Form.Item name="kind" label={t('parcels.door.kind')} rules={[{ required: true, type: 'array', min: 1 }]}>
            <Selector
              columns={2}
              options={(['delivery', 'pickup'] as const).map((k) => ({ label: t(`parcels.door.kinds.${k}`), value: k }))}
            />
          </Form.Item>
          <Form.Item
            name="date"
            label={t('parcels.dispatch.date')}
            rules={[{ required: true, type: 'array', min: 1, message: t('parcels.dispatch.choose') }]}
          >
            <Selector columns={4} options={nextDates().map((d) => ({ label: d.slice(5), value: d }))} data-testid="door-date" />
          </Form.Item>
          <Form.Item
            name="slot"
            label={t('parcels.dispatch.slot')}
            rules={[{ required: true, type: 'array', min: 1, message: t('parcels.dispatch.choose') }]}
          >
            <Selector columns={3} options={slots.map((s) => ({ label: s, value: s }))} data-testid="door-slot" />
          </Form.Item>
          <Form.Item
            name="address_id"
            label={t('parcels.pack.address')}
            trigger="onConfirm"
            onClick={() => (addrList.length ? setPickerOpen(true) : nav.navigateTo(paths.addressAdd))}
            rules={[{ required: true, type: 'array', min: 1, message: t('parcels.package.needDefault') }]}
          >
            <Picker
              columns={[addrList.map((a) => ({ label: `${a.receiver} · ${a.address}`, value: a.id }))]}
              visible={pickerOpen}
              onClose={() => setPickerOpen(false)}
              confirmText={t('common.confirm')}
              cancelText={t('common.cancel')}
            >
              {(items) =>
                items[0] ? (
                  <span>{items[0].label}</span>
                ) : (
                  <span className="muted">{addrList.length ? t('parcels.door.chooseAddress') : t('parcels.package.needDefault')}</span>
                )
              }
            </Picker>
          </Form.Item>
          <Form.Item name="remark" label={t('parcels.remark')}>
            <TextArea maxLength={140} showCount autoSize />
          </Form.Item>
        </Form>
      )}
      <List header={t('parcels.door.bookings')}>
        <QueryState
          query={bookings}
          isEmpty={!bookings.data?.list.length}
          empty={
            <List.Item>
              <span className="muted">{t('parcels.door.none')}</span>
            </List.Item>
          }
        />
        {bookings.data?.list.map((b) => (
          <List.Item
            key={b.id}
            description={`${b.date} ${b.slot} · ${b.address.receiver} ${b.address.address}`}
            extra={
              b.status === 'booked' ? (
                <Button size="mini" color="danger" fill="outline" onClick={() => void onCancel(b.id)}>
                  {t('parcels.door.cancel')}
                </Button>
              ) : (
                <Tag>{t(`parcels.door.status.${b.status}`)}</Tag>
              )
            }
          >
            {b.pack_no} · {t(`parcels.door.kinds.${b.kind}`)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
