import { Button, Dialog, Empty, List, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { usePackDates } from '../api/pack-dates.ts';
import { useCancelApplyPack } from '../api/cancel-apply-pack.ts';
import { useSetIsCut } from '../api/set-is-cut.ts';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

/** Packing appointments: the bookable dates (holidays and the first allowed date respected), booked ones, cancel. */
export default function PackingAppointmentsScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const datesQ = usePackDates();
  const { data } = datesQ;
  const cancel = useCancelApplyPack();
  const cut = useSetIsCut();

  const onCancel = async (id: number) => {
    if (
      !(await Dialog.confirm({
        content: t('parcels.pack.cancelConfirm'),
        confirmText: t('parcels.appointment.cancel'),
        cancelText: t('common.cancel'),
      }))
    )
      return;
    try {
      await cancel.mutateAsync(id);
      Toast.show({ icon: 'success', content: t('parcels.pack.cancelled') });
    } catch {
      /* shown by the request client */
    }
  };

  return (
    <div data-testid="appointments">
      <div className="section">
        <div className="section-title">{t('parcels.appointment.dates')}</div>
        {data && <p className="pc-hint">{t('parcels.package.firstDate', { date: data.first_date })}</p>}
        <div className="pc-dates">
          {data?.dates.map((x) => (
            <div
              key={x.date}
              className={`pc-date${x.available ? '' : ' off'}`}
              onClick={() => x.available && nav.navigateTo(paths.orderPackage, { date: x.date })}
              data-testid={`book-${x.date}`}
            >
              <div>{x.date.slice(5)}</div>
              <div style={{ fontSize: 10 }}>{x.available ? t('parcels.appointment.book') : x.reason || t('parcels.package.holiday')}</div>
            </div>
          ))}
        </div>
        <p className="pc-hint">{t('parcels.appointment.hint')}</p>
      </div>
      <List header={t('parcels.appointment.booked')}>
        <QueryState query={datesQ} isEmpty={!data?.appointments.length} empty={<Empty description={t('parcels.appointment.none')} />} />
        {data?.appointments.map((k) => (
          <List.Item
            key={k.id}
            onClick={() => nav.navigateTo(paths.packageDetail, { id: k.id })}
            description={`${t(`parcels.mode.${k.mode}`)} · ${t('parcels.pack.count')} ${k.parcel_count}${k.is_cut ? ` · ${t('parcels.pack.isCut')}` : ''}`}
            extra={
              <div className="row" onClick={(e) => e.stopPropagation()}>
                <Button
                  size="mini"
                  fill="outline"
                  loading={cut.isPending}
                  onClick={() => void cut.mutateAsync({ pack_ids: [k.id], is_cut: !k.is_cut }).catch(() => undefined)}
                >
                  {k.is_cut ? t('parcels.appointment.noCut') : t('parcels.appointment.cut')}
                </Button>
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  onClick={() => void onCancel(k.id)}
                  data-testid={`appointment-cancel-${k.id}`}
                >
                  {t('parcels.appointment.cancel')}
                </Button>
              </div>
            }
          >
            <Tag color="primary">{k.pack_date}</Tag> {k.pack_no}
          </List.Item>
        ))}
      </List>
      <div className="form-footer">
        <Button block color="primary" onClick={() => nav.navigateTo(paths.orderPackage)} data-testid="appointment-new">
          {t('parcels.appointment.new')}
        </Button>
      </div>
    </div>
  );
}
