import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Empty, List, Selector, Switch, TextArea, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { customsMissingCount, insuranceTermsOf, type Parcel, type ShippingMode } from '@pinyou/contract';
import { useSystemSetting } from '../../../lib/session.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddressList } from '../../../lib/address-list.ts';
import { useApplyPackList } from '../api/apply-pack-list.ts';
import { useCheckApplyPack } from '../api/check-apply-pack.ts';
import { useApplyPack } from '../api/apply-pack.ts';
import { usePackDates } from '../api/pack-dates.ts';
import { useFreightQuote, type FreightInput } from '../api/freight.ts';
import { ParcelCard } from '../components/parcel-card.tsx';
import { modes, modeTakes } from '../model.ts';
import { PickupCard } from '../components/pickup-card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

interface Draft {
  ids: number[];
  mode: ShippingMode;
  isCut: boolean;
  individual: boolean;
  insured?: boolean;
  date: string;
  remark: string;
}
const DRAFT = 'pack-draft';
const rank = { normal: 0, sensitive: 1, special: 2 } as const;

/** The packing request kept while the customer goes to pick or add an address and comes back. */
function loadDraft(ids: number[], date: string | null): Draft & { fresh?: boolean } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT) ?? 'null') as Draft | null;
    if (saved && !ids.length) return { ...saved, date: date ?? saved.date };
  } catch {
    /* a damaged draft starts over */
  }
  // fresh: the mode follows the parcels' declared mode once they are known.
  return { ids, mode: 'SEA', isCut: false, individual: false, date: date ?? '', remark: '', fresh: true };
}

/** Pieces for the estimate: each measured parcel as it is (repacking may make the real pack smaller). */
function estimateInput(list: Parcel[], d: Draft): FreightInput | null {
  if (!list.length || list.some((p) => !p.size || !p.weight_kg)) return null;
  const category = list.reduce((c, p) => (rank[p.category] > rank[c] ? p.category : c), 'normal' as Parcel['category']);
  if (d.mode !== 'SEA' && category === 'special') return null;
  const value = list.reduce((s, p) => s + p.goods_value.amount_minor, 0);
  return {
    mode: d.mode,
    category,
    pieces: list.map((p) => ({
      weight_kg: Number(p.weight_kg),
      length_cm: p.size!.length_cm,
      width_cm: p.size!.width_cm,
      height_cm: p.size!.height_cm,
    })),
    goods_value: value >= 100 ? (value / 100).toFixed(2) : undefined,
    is_cut: d.isCut,
    individual_clearance: d.individual,
  };
}

/** Submit packing: parcels in the warehouse, mode, address (default required), options, estimate, packing date. */
export default function SubmitPackingScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  // The terms staff set now (the bill prices the pack under the terms of the day it is measured).
  const insuranceSetting = useSystemSetting().data?.insurance_terms;
  const insurance = insuranceSetting ? insuranceTermsOf(insuranceSetting) : null;
  const [params] = useSearchParams();
  const startIds = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const [d, setD] = useState<Draft & { fresh?: boolean }>(() => loadDraft(startIds, params.get('date')));
  const [pickedAddress] = useState(() => Number(sessionStorage.getItem('picked-address') ?? 0) || null);
  useEffect(() => sessionStorage.setItem(DRAFT, JSON.stringify(d)), [d]);
  // fresh: the customer has not picked a mode yet, so it follows the parcels they tick.
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch, fresh: 'mode' in patch ? false : x.fresh }));

  const packable = useApplyPackList();
  // Kept between renders while the parcels and ticks stay the same, so the parcel list (PackableList) is not drawn
  // again when another of the screen's requests answers.
  const available = useMemo(() => packable.data?.list ?? [], [packable.data]);
  const ids = useMemo(() => d.ids.filter((id) => available.some((p) => p.id === id)), [d.ids, available]);
  const chosen = useMemo(() => available.filter((p) => ids.includes(p.id)), [available, ids]);
  const worst = chosen.reduce((c, p) => (rank[p.category] > rank[c] ? p.category : c), 'normal' as Parcel['category']);
  // Packing defaults to the mode the parcels were declared with (the most common one among them).
  useEffect(() => {
    if (!d.fresh || !chosen.length) return;
    const tally = new Map<ShippingMode, number>();
    for (const p of chosen) tally.set(p.mode, (tally.get(p.mode) ?? 0) + 1);
    const declared = [...tally].sort((a, b) => b[1] - a[1])[0][0];
    const mode = modeTakes(declared, worst) ? declared : 'SEA';
    if (mode !== d.mode) setD((x) => ({ ...x, mode }));
  }, [d.fresh, d.mode, chosen, worst]);
  useEffect(() => {
    if (!modeTakes(d.mode, worst)) setD((x) => ({ ...x, mode: 'SEA' }));
  }, [d.mode, worst]);
  const check = useCheckApplyPack(ids, d.mode);
  const dates = usePackDates(d.mode !== 'GROUP');
  const addresses = useAddressList();
  const apply = useApplyPack();
  const input = useMemo(() => estimateInput(chosen, d), [chosen, d]);
  const quote = useFreightQuote(input);

  const picked = pickedAddress ? addresses.data?.list.find((a) => a.id === pickedAddress) : undefined;
  const address = picked ?? check.data?.address ?? null;
  const needsDate = d.mode !== 'GROUP';
  // A group-sea pack is collected at the leader's: no home address is asked for.
  const needsAddress = d.mode !== 'GROUP';
  const noDefault = needsAddress && check.data ? !check.data.has_default_address : false;

  const toggle = useCallback(
    (p: Parcel, on: boolean) =>
      setD((x) => ({ ...x, ids: on ? [...x.ids.filter((i) => i !== p.id), p.id] : x.ids.filter((i) => i !== p.id) })),
    [],
  );
  const onSubmit = async () => {
    if (!ids.length) return Toast.show({ content: t('parcels.rule.chooseParcels') });
    if (noDefault) return Toast.show({ content: t('parcels.package.needDefault') });
    if (needsDate && !d.date) return Toast.show({ content: t('parcels.package.chooseDate') });
    try {
      const pack = await apply.mutateAsync({
        parcel_ids: ids,
        mode: d.mode,
        address_id: needsAddress ? picked?.id : undefined,
        pack_date: needsDate ? d.date : undefined,
        is_cut: d.isCut,
        individual_clearance: d.individual,
        insured: !!d.insured,
        remark: d.remark,
      });
      sessionStorage.removeItem(DRAFT);
      sessionStorage.removeItem('picked-address');
      Toast.show({ icon: 'success', content: t('parcels.package.submitted') });
      nav.redirectTo(paths.packageDetail, { id: pack.id });
    } catch {
      /* shown by the request client */
    }
  };

  return (
    <div data-testid="submit-packing">
      <List header={t('parcels.package.choose')}>
        <QueryState query={packable} isEmpty={!available.length} empty={<Empty description={t('parcels.package.noneInWarehouse')} />}>
          <PackableList list={available} picked={ids} onToggle={toggle} />
        </QueryState>
        {customsMissingCount(chosen) > 0 && (
          <p className="pc-hint pc-customs-missing" data-testid="customs-missing-hint">
            {t('parcels.customs.missingOnPack', { count: customsMissingCount(chosen) })}
          </p>
        )}
      </List>
      <List header={t('parcels.modeLabel')}>
        <List.Item>
          <Selector
            columns={3}
            value={[d.mode]}
            onChange={(v) => v[0] && set({ mode: v[0] })}
            options={modes.map((m) => ({ label: t(`parcels.mode.${m}`), value: m, disabled: !modeTakes(m, worst) }))}
            data-testid="pack-mode"
          />
          {worst === 'special' && <p className="pc-hint">{t('parcels.rule.specialSeaOnly')}</p>}
        </List.Item>
      </List>
      {!needsAddress ? (
        <PickupCard pickup={check.data?.pickup} />
      ) : (
        <List header={t('parcels.pack.address')}>
          {noDefault ? (
            <List.Item
              onClick={() => nav.navigateTo(paths.addressAdd)}
              description={t('parcels.package.needDefaultHint')}
              data-testid="need-default-address"
            >
              <span className="pc-red">{t('parcels.package.needDefault')}</span>
            </List.Item>
          ) : address ? (
            <List.Item
              onClick={() => nav.navigateTo(paths.addressList, { select: 1 })}
              description={`${address.district} ${address.address} ${address.postcode}`}
              data-testid="pack-address"
            >
              {address.receiver} {address.phone}
            </List.Item>
          ) : (
            <List.Item onClick={() => nav.navigateTo(paths.addressList, { select: 1 })}>
              {ids.length ? t('common.loading') : t('parcels.package.chooseFirst')}
            </List.Item>
          )}
        </List>
      )}
      <List header={t('parcels.pack.options')}>
        <List.Item
          description={t('parcels.package.isCutHint')}
          extra={<Switch checked={d.isCut} onChange={(v) => set({ isCut: v })} data-testid="opt-cut" />}
        >
          {t('parcels.pack.isCut')}
        </List.Item>
        <List.Item
          description={t('parcels.package.individualHint')}
          extra={<Switch checked={d.individual} onChange={(v) => set({ individual: v })} data-testid="opt-individual" />}
        >
          {t('parcels.pack.individual')}
        </List.Item>
        <List.Item
          description={
            insurance &&
            t('parcels.package.insuredHint', {
              rate: insurance.ratePercent,
              min: formatMoney(insurance.minPremiumMinor, 'SGD'),
              max: formatMoney(insurance.maxCoverMinor, 'SGD'),
            })
          }
          extra={<Switch checked={!!d.insured} onChange={(v) => set({ insured: v })} data-testid="opt-insured" />}
        >
          {t('parcels.package.insured')}
        </List.Item>
      </List>
      {needsDate ? (
        <div className="section" data-testid="pack-dates">
          <div className="section-title">{t('parcels.pack.date')}</div>
          {dates.data && <p className="pc-hint">{t('parcels.package.firstDate', { date: dates.data.first_date })}</p>}
          <div className="pc-dates">
            {dates.data?.dates.map((x) => (
              <div
                key={x.date}
                className={`pc-date${x.date === d.date ? ' on' : ''}${x.available ? '' : ' off'}`}
                onClick={() => x.available && set({ date: x.date })}
                title={x.reason}
                data-testid={`date-${x.date}`}
              >
                <div>{x.date.slice(5)}</div>
                <div style={{ fontSize: 10 }}>
                  {x.available ? t(`parcels.weekday.${new Date(`${x.date}T00:00:00Z`).getUTCDay()}`) : t('parcels.package.holiday')}
                </div>
              </div>
            ))}
          </div>
        </div>
      ) : (
        <div className="section pc-hint">{t('parcels.package.groupDate')}</div>
      )}
      <div className="section">
        <div className="section-title">{t('parcels.remark')}</div>
        <TextArea
          value={d.remark}
          onChange={(v) => set({ remark: v })}
          maxLength={140}
          showCount
          autoSize
          placeholder={t('parcels.package.remarkPh')}
        />
      </div>
      <div className="section" data-testid="pack-estimate">
        <div className="section-title">{t('parcels.package.estimate')}</div>
        {check.error && ids.length > 0 && !apply.isSuccess && (
          <div className="pc-red" role="alert" data-testid="check-refused">
            {t('parcels.package.checkRefused', { reason: (check.error as Error).message })}
          </div>
        )}
        {check.data && (
          <div className="muted">
            {t('parcels.package.totals', { count: ids.length, kg: check.data.total_weight_kg, cbm: check.data.total_volume_cbm })}
          </div>
        )}
        {quote.data ? (
          <>
            {quote.data.lines.map((l) => (
              <div className="pc-line" key={l.code}>
                <div className="row between">
                  <span>{l.label}</span>
                  <span>{formatMoney(l.amount.amount_minor, l.amount.currency)}</span>
                </div>
                <div className="d">{l.detail}</div>
              </div>
            ))}
            <div className="row between">
              <span>{t('parcels.calc.total')}</span>
              <span className="pc-total">{formatMoney(quote.data.total.amount_minor, quote.data.total.currency)}</span>
            </div>
          </>
        ) : (
          <div className="muted">
            {ids.length ? (input ? t('common.loading') : t('parcels.package.noEstimate')) : t('parcels.package.chooseFirst')}
          </div>
        )}
        <p className="pc-hint">{t('parcels.package.estimateNote')}</p>
      </div>
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          loading={apply.isPending}
          disabled={!ids.length}
          onClick={() => void onSubmit()}
          data-testid="pack-submit"
        >
          {t('parcels.package.submit', { n: ids.length })}
        </Button>
      </div>
    </div>
  );
}

/** The parcels in the warehouse with their ticks. */
const PackableList = memo(function PackableList({
  list,
  picked,
  onToggle,
}: {
  list: Parcel[];
  picked: number[];
  onToggle: (p: Parcel, on: boolean) => void;
}) {
  const ticked = new Set(picked);
  return list.map((p) => (
    <List.Item
      key={p.id}
      prefix={
        <span onClick={(e) => e.stopPropagation()}>
          <Checkbox
            checked={ticked.has(p.id)}
            disabled={p.is_low_value}
            onChange={(on) => onToggle(p, on)}
            data-testid={`pick-${p.tracking_no}`}
          />
        </span>
      }
      onClick={p.is_low_value ? () => nav.navigateTo(paths.orderDetail, { id: p.id }) : () => onToggle(p, !ticked.has(p.id))}
      arrow={false}
    >
      <ParcelCard p={p} />
    </List.Item>
  ));
});
