import { useState } from 'react';
import { Button, Dialog, Empty, Form, Image, ImageViewer, Input, Popup, Tag, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney, minorToDecimal } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useOrderDetail } from '../api/order-detail.ts';
import { useDeleteOrder } from '../api/delete-order.ts';
import { useEditGoods } from '../api/edit-goods.ts';
import { InfoRows } from '../components/info-rows.tsx';
import { ProblemCard } from '../components/problem-card.tsx';
import { StorageNote } from '../components/storage-note.tsx';
import { CourierLine } from '../components/courier-line.tsx';
import { CustomsEditor } from '../components/customs-editor.tsx';
import { customsCategoryLabel } from '../components/customs-fields.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { Timeline, formatTime } from '../components/timeline.tsx';
import { goodsNameProblem, goodsValueProblem, ruleOf } from '../model.ts';
import { loadGate } from '../../../components/query-state.tsx';
import { useShipmentText } from '../components/shipment-state.ts';
import '../parcels.css';

/** A parcel: photos, weight, size, history; delete while pending, supplement name/value when low-value. */
export default function ParcelDetailScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const stateText = useShipmentText();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const detailQ = useOrderDetail(id);
  const p = detailQ.data;
  const del = useDeleteOrder();
  const edit = useEditGoods();
  const [editing, setEditing] = useState(false);
  const [editingCustoms, setEditingCustoms] = useState(false);

  const gate = loadGate(detailQ);
  if (gate) return gate;
  if (!p) return <Empty description={t('parcels.notFound')} />;
  const minMinor = Math.max(100, p.min_value?.amount_minor ?? 0);
  const canReturn = p.status === 'warehouse' && !p.pack_id && !p.return_id;
  const problemOpen = !!p.problem && p.problem.status !== 'resolved';
  const canEditCustoms = ['pending', 'warehouse'].includes(p.status) && !p.pack_id && !p.return_id;
  const canPack = p.status === 'warehouse' && !p.pack_id && !p.return_id && !p.is_low_value && !problemOpen;

  const onDelete = async () => {
    const ok = await Dialog.confirm({
      content: t('parcels.detail.deleteConfirm'),
      confirmText: t('common.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await del.mutateAsync(p.id);
      nav.navigateBack(paths.orderAll);
    } catch {
      /* the request client already showed why */
    }
  };
  const onEdit = async (v: { goods_name: string; goods_value: string }) => {
    await edit.mutateAsync({ id: p.id, goods_name: v.goods_name.trim(), goods_value: v.goods_value.trim() });
    Toast.show({ icon: 'success', content: t('common.saved') });
    setEditing(false);
  };

  return (
    <div data-testid="parcel-detail">
      <div className="section">
        <div className="row between">
          <b className="pc-no">{p.tracking_no}</b>
          <Tag color="primary" fill="outline">
            {stateText({
              parcel_status: p.status,
              pack_status: p.pack?.status,
              mode: p.pack?.mode ?? p.mode,
              stage: p.pack?.stage,
              pack_date: p.pack?.pack_date,
            })}
          </Tag>
        </div>
        {p.is_low_value && (
          <div className="pc-low">
            {t('parcels.detail.lowValue')}
            {p.min_value ? ` ${t('parcels.minValue', { amount: formatMoney(p.min_value.amount_minor, p.min_value.currency) })}` : ''}
          </div>
        )}
        <CourierLine status={p.status} courier={p.courier} />
        <InfoRows
          rows={[
            [t('parcels.carrierLabel'), p.carrier_name],
            [t('parcels.goodsName'), p.goods_name || t('parcels.noGoodsName')],
            [t('parcels.goodsValue'), formatMoney(p.goods_value.amount_minor, p.goods_value.currency)],
            [t('parcels.quantity'), String(p.quantity)],
            [t('parcels.categoryLabel'), t(`parcels.category.${p.category}`)],
            [
              t('parcels.customs.title'),
              p.customs_complete
                ? t('parcels.customs.complete', {
                    description: p.customs_description,
                    category: customsCategoryLabel(p.customs_category, currentLanguage()),
                  })
                : t('parcels.customs.missing'),
            ],
            [t('parcels.modeLabel'), t(`parcels.mode.${p.mode}`)],
            [t('parcels.weight'), p.weight_kg ? `${p.weight_kg} kg` : t('parcels.notMeasured')],
            [t('parcels.size'), p.size ? `${p.size.length_cm} × ${p.size.width_cm} × ${p.size.height_cm} cm` : t('parcels.notMeasured')],
            p.volume_cbm ? [t('parcels.volume'), `${p.volume_cbm} m³`] : null,
            p.remark ? [t('parcels.remark'), p.remark] : null,
            [t('parcels.declaredAt'), formatTime(p.created_at)],
            p.inbound_at ? [t('parcels.inboundAt'), formatTime(p.inbound_at)] : null,
          ]}
        />
        <StorageNote storage={p.storage} />
      </div>
      {p.problem && <ProblemCard problem={p.problem} />}
      <div className="section">
        <div className="section-title">{t('parcels.photos')}</div>
        {p.photos.length ? (
          <div className="pc-photos" data-testid="photos">
            {p.photos.map((src, i) => (
              <Image key={src} src={src} fit="cover" onClick={() => ImageViewer.Multi.show({ images: p.photos, defaultIndex: i })} />
            ))}
          </div>
        ) : (
          <div className="muted" data-testid="no-photos">
            {t('parcels.noPhotos')}
          </div>
        )}
      </div>
      {p.pack && (
        <div
          className="section"
          onClick={() => nav.navigateTo(paths.packageDetail, { id: p.pack!.id })}
          style={{ cursor: 'pointer' }}
          data-testid="parcel-pack"
        >
          <div className="row between">
            <div className="section-title" style={{ margin: 0 }}>
              {t('parcels.packNo')} {p.pack.pack_no}
            </div>
            <Tag color="primary">
              {stateText({ pack_status: p.pack.status, mode: p.pack.mode, stage: p.pack.stage, pack_date: p.pack.pack_date })}
            </Tag>
          </div>
          {p.pack.amount && (
            <div className="muted">
              {t('parcels.pack.amount')}: {formatMoney(p.pack.amount.amount_minor, p.pack.amount.currency)}
            </div>
          )}
        </div>
      )}
      {p.return_id && (
        <div
          className="section"
          onClick={() => nav.navigateTo(paths.orderDetail2, { id: p.return_id! })}
          style={{ cursor: 'pointer' }}
          data-testid="parcel-return"
        >
          <div className="section-title" style={{ margin: 0 }}>
            {t('parcels.return.view')}
          </div>
        </div>
      )}
      <div className="section">
        <div className="section-title">{t('parcels.history')}</div>
        <Timeline
          entries={[...p.history].reverse().map((h) => ({ title: h.text, description: h.note, at: h.at }))}
          testId="parcel-history"
        />
      </div>
      <div className="pc-actions">
        <Button fill="outline" onClick={() => nav.navigateTo(paths.logisticsDetail, { parcel_id: p.id })}>
          {t('parcels.detail.track')}
        </Button>
        {p.is_low_value && (
          <Button color="warning" onClick={() => setEditing(true)} data-testid="edit-goods">
            {t('parcels.detail.supplement')}
          </Button>
        )}
        {canEditCustoms && (
          <Button
            color={p.customs_complete ? 'default' : 'warning'}
            fill={p.customs_complete ? 'outline' : 'solid'}
            onClick={() => setEditingCustoms(true)}
            data-testid="edit-customs"
          >
            {t('parcels.customs.fill')}
          </Button>
        )}
        {canPack && (
          <Button color="primary" onClick={() => nav.navigateTo(paths.orderPackage, { ids: p.id })} data-testid="pack-this">
            {t('parcels.detail.pack')}
          </Button>
        )}
        {canReturn && (
          <Button
            color="primary"
            fill="outline"
            onClick={() => nav.navigateTo(paths.orderDetail2, { parcel_ids: p.id })}
            data-testid="apply-return"
          >
            {t('parcels.return.apply')}
          </Button>
        )}
        {p.status === 'pending' && (
          <Button color="danger" fill="outline" loading={del.isPending} onClick={() => void onDelete()} data-testid="delete-parcel">
            {t('common.delete')}
          </Button>
        )}
      </div>
      {editingCustoms && <CustomsEditor parcel={p} visible onClose={() => setEditingCustoms(false)} />}
      <Popup visible={editing} onMaskClick={() => setEditing(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <Form
          layout="vertical"
          initialValues={{
            goods_name: p.goods_name,
            goods_value: p.goods_value.amount_minor >= minMinor ? minorToDecimal(p.goods_value.amount_minor) : '',
          }}
          onFinish={(v) => void onEdit(v as { goods_name: string; goods_value: string }).catch(() => undefined)}
          footer={
            <Button block type="submit" color="primary" loading={edit.isPending} data-testid="edit-goods-save">
              {t('common.save')}
            </Button>
          }
        >
          <Form.Header>{t('parcels.detail.supplement')}</Form.Header>
          <Form.Item name="goods_name" label={t('parcels.goodsName')} rules={[ruleOf(goodsNameProblem, t)]}>
            <Input maxLength={60} clearable data-testid="edit-goods-name" />
          </Form.Item>
          <Form.Item
            name="goods_value"
            label={t('parcels.goodsValueRmb')}
            help={t('parcels.minValue', { amount: formatMoney(minMinor, 'RMB') })}
            rules={[
              {
                validator: (_, v: string) => {
                  const k = goodsValueProblem(v, minMinor);
                  return k
                    ? Promise.reject(
                        new Error(
                          k === 'parcels.rule.goodsValue' ? t('parcels.rule.valueTooLow', { amount: formatMoney(minMinor, 'RMB') }) : t(k),
                        ),
                      )
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" maxLength={12} clearable data-testid="edit-goods-value" />
          </Form.Item>
        </Form>
      </Popup>
    </div>
  );
}
