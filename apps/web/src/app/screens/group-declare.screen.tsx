import { useState } from 'react';
import { Button, Empty, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { useStrings } from '../../lib/i18n.ts';
import { nav } from '../../lib/nav.ts';
import { toast } from '../../lib/feedback.ts';
import { copyText } from '../../lib/clipboard.ts';
import { ApiError } from '../../lib/request.ts';
import { paths } from '../../lib/paths.ts';
import { useGroupDetail } from '../../features/groups/api/group-detail.ts';
import { useCreateOrder } from '../../features/parcels/api/create-order.ts';
import { useWarehouseAddress } from '../../features/parcels/api/warehouse-address.ts';
import { goodsNameProblem, goodsValueProblem, trackingPattern } from '../../features/parcels/model.ts';
import '../../features/parcels/parcels.css';

interface Row {
  key: number;
  tracking_no: string;
  goods_name: string;
  goods_value: string;
  /** i18n keys (or the server's message) per field, shown under the row after a submit attempt. */
  errors: Partial<Record<'tracking_no' | 'goods_name' | 'goods_value' | 'server', string>>;
}

const MAX_ROWS = 20;
let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, tracking_no: '', goods_name: '', goods_value: '', errors: {} });

function trackingProblem(v: string): string | null {
  const s = v.trim();
  if (!s) return 'parcels.rule.trackingNo';
  if (!trackingPattern.test(s)) return 'parcels.rule.trackingNoChars';
  return null;
}

function check(r: Row): Row['errors'] {
  const e: Row['errors'] = {};
  const tn = trackingProblem(r.tracking_no);
  const gn = goodsNameProblem(r.goods_name);
  const gv = goodsValueProblem(r.goods_value);
  if (tn) e.tracking_no = tn;
  if (gn) e.goods_name = gn;
  if (gv) e.goods_value = gv;
  return e;
}

/**
 * Courier add-on for a group (spec §2 delivery-add): a member declares several courier tracking numbers at
 * once, each with goods name and value, to ship with the group (GROUP mode). Each row is one createOrder
 * call, so the server's rules (blacklisted member, paused group, number already declared) apply per row.
 */
export default function DeliveryAddScreen() {
  useStrings('groups', 'parcels');
  const { t } = useTranslation();
  const detail = useGroupDetail();
  const warehouse = useWarehouseAddress();
  const create = useCreateOrder({ silent: true });
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [added, setAdded] = useState<Array<{ id: number; tracking_no: string; goods_name: string }>>([]);
  const [busy, setBusy] = useState(false);

  if (detail.isError)
    return (
      <div className="page">
        <Empty description={t('groups.notInGroup')} />
        <div className="section">
          <Button block color="primary" onClick={() => nav.navigateTo(paths.map)}>
            {t('groups.findLeader')}
          </Button>
        </div>
      </div>
    );
  const g = detail.data;
  if (!g) return null;
  const blacklisted = g.my_status === 'blacklisted';

  const update = (key: number, field: 'tracking_no' | 'goods_name' | 'goods_value', value: string) =>
    setRows((rs) =>
      rs.map((r) => (r.key === key ? { ...r, [field]: value, errors: { ...r.errors, [field]: undefined, server: undefined } } : r)),
    );
  const remove = (key: number) => setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : rs));

  const submit = async () => {
    const checked = rows.map((r) => ({ ...r, errors: check(r) }));
    const numbers = checked.map((r) => r.tracking_no.trim().toUpperCase());
    checked.forEach((r, i) => {
      if (!r.errors.tracking_no && numbers.indexOf(numbers[i]) !== i) r.errors.tracking_no = 'groups.addOn.duplicate';
    });
    setRows(checked);
    if (checked.some((r) => Object.values(r.errors).some(Boolean))) {
      toast(t('groups.addOn.fixRows'));
      return;
    }
    setBusy(true);
    const left: Row[] = [];
    const done: typeof added = [];
    for (const r of checked) {
      try {
        const p = await create.mutateAsync({
          tracking_no: r.tracking_no.trim(),
          goods_name: r.goods_name.trim(),
          goods_value: r.goods_value.trim(),
          quantity: 1,
          category: 'normal',
          mode: 'GROUP',
          remark: '',
        });
        done.push({ id: p.id, tracking_no: p.tracking_no, goods_name: p.goods_name });
      } catch (e) {
        left.push({ ...r, errors: { server: e instanceof ApiError ? e.message : String(e) } });
      }
    }
    setBusy(false);
    setAdded((a) => [...done, ...a]);
    setRows(left.length ? left : [emptyRow()]);
    if (done.length) toast(t('groups.addOn.added', { n: done.length }), 'success');
  };

  const w = warehouse.data;
  return (
    <div className="page" data-testid="delivery-add">
      {blacklisted && <NoticeBar color="alert" content={t('groups.addOn.blacklisted')} data-testid="addon-blacklisted" />}
      <div className="card">
        <div className="section-title">{t('groups.addOn.title', { name: g.name })}</div>
        <div className="muted">{t('groups.addOn.intro')}</div>
        <div style={{ marginTop: 8 }}>
          {t('groups.addOn.myCode')}: <b data-testid="addon-dragon">{g.my_dragon_code || t('groups.addOn.noCode')}</b>
        </div>
        {g.recipient_hint && (
          <div className="row between" style={{ gap: 8, marginTop: 4 }}>
            <span>
              {t('groups.recipientHint')}: <b data-testid="addon-recipient">{g.recipient_hint}</b>
            </span>
            <Button
              size="mini"
              fill="outline"
              color="primary"
              style={{ minHeight: 32 }}
              onClick={() => void copyText(g.recipient_hint).then((ok) => toast(ok ? t('common.copied') : t('common.copyFailed')))}
            >
              {t('common.copy')}
            </Button>
          </div>
        )}
      </div>
      <div className="card" data-testid="addon-warehouse">
        <div className="row between">
          <div className="section-title">{t('parcels.declare.warehouse')}</div>
          <Button
            size="mini"
            color="primary"
            fill="outline"
            disabled={!w}
            onClick={() => void copyText(w?.full_text ?? '').then((ok) => toast(ok ? t('common.copied') : t('common.copyFailed')))}
          >
            {t('common.copy')}
          </Button>
        </div>
        {w && <div style={{ whiteSpace: 'pre-line', fontSize: 13, lineHeight: 1.7, wordBreak: 'break-word' }}>{w.full_text}</div>}
        <p className="pc-hint">{t('groups.addOn.warehouseHint')}</p>
      </div>
      {rows.map((r, i) => (
        <div className="card" key={r.key} data-testid={`addon-row-${i}`}>
          <div className="row between">
            <div className="section-title">{t('groups.addOn.parcelN', { n: i + 1 })}</div>
            {rows.length > 1 && (
              <Button size="mini" fill="none" color="danger" onClick={() => remove(r.key)} data-testid={`addon-remove-${i}`}>
                {t('groups.addOn.remove')}
              </Button>
            )}
          </div>
          <Input
            aria-label={t('parcels.trackingNo')}
            placeholder={`${t('parcels.trackingNo')} (${t('parcels.declare.trackingPh')})`}
            value={r.tracking_no}
            maxLength={40}
            onChange={(v) => update(r.key, 'tracking_no', v)}
            data-testid={`addon-tracking-${i}`}
            style={{ minHeight: 40 }}
          />
          {r.errors.tracking_no && <div className="adm-form-item-feedback-error">{t(r.errors.tracking_no)}</div>}
          <Input
            aria-label={t('parcels.goodsName')}
            placeholder={`${t('parcels.goodsName')} (${t('parcels.declare.goodsNamePh')})`}
            value={r.goods_name}
            maxLength={60}
            onChange={(v) => update(r.key, 'goods_name', v)}
            data-testid={`addon-name-${i}`}
            style={{ minHeight: 40 }}
          />
          {r.errors.goods_name && <div className="adm-form-item-feedback-error">{t(r.errors.goods_name)}</div>}
          <Input
            aria-label={t('parcels.goodsValueRmb')}
            placeholder={`${t('parcels.goodsValueRmb')} ≥ 1.00`}
            value={r.goods_value}
            inputMode="decimal"
            maxLength={12}
            onChange={(v) => update(r.key, 'goods_value', v)}
            data-testid={`addon-value-${i}`}
            style={{ minHeight: 40 }}
          />
          {r.errors.goods_value && <div className="adm-form-item-feedback-error">{t(r.errors.goods_value)}</div>}
          {r.errors.server && (
            <div className="adm-form-item-feedback-error" data-testid={`addon-error-${i}`}>
              {r.errors.server}
            </div>
          )}
        </div>
      ))}
      <div className="section" style={{ display: 'grid', gap: 8 }}>
        <Button
          block
          fill="outline"
          color="primary"
          disabled={rows.length >= MAX_ROWS}
          onClick={() => setRows((rs) => [...rs, emptyRow()])}
          data-testid="addon-more"
        >
          {t('groups.addOn.more')}
        </Button>
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={blacklisted}
          onClick={() => void submit()}
          data-testid="addon-submit"
        >
          {t('groups.addOn.submit', { n: rows.length })}
        </Button>
      </div>
      {added.length > 0 && (
        <div className="card" data-testid="addon-added">
          <div className="section-title">{t('groups.addOn.addedTitle')}</div>
          {added.map((a) => (
            <div
              key={a.id}
              className="row between"
              style={{ minHeight: 44 }}
              onClick={() => nav.navigateTo(paths.orderDetail, { id: a.id })}
            >
              <code>{a.tracking_no}</code>
              <span className="muted">{a.goods_name}</span>
            </div>
          ))}
          <Button block fill="none" color="primary" onClick={() => nav.navigateTo(paths.orderAll)}>
            {t('groups.addOn.toList')}
          </Button>
        </div>
      )}
    </div>
  );
}
