import { useMemo, useState } from 'react';
import { Button, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { useSearchParams } from 'react-router';
import { useStrings } from '../../lib/i18n.ts';
import { nav } from '../../lib/nav.ts';
import { toast } from '../../lib/feedback.ts';
import { useSystemSetting } from '../../lib/session.ts';
import { returnLocation } from '../../lib/location-pick.ts';
import { singaporeBounds } from '../../lib/singapore-outline.ts';
import { DrawnMap, type MapPoint } from '../../components/drawn-map.tsx';
import { locatePostcode } from '../../features/groups/api/locate-postcode.ts';

const num = (v: string | null) => (v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const inSingapore = (lat: number, lng: number) => {
  const [[s, w], [n, e]] = singaporeBounds;
  return lat >= s && lat <= n && lng >= w && lng <= e;
};

/**
 * System page /choose-location (spec §2): pick a point by Singapore postcode (the server's geocoder) or by
 * tapping the map, optionally with the address text, and hand it back to the page that opened it
 * (?for=<opener>; see lib/location-pick.ts).
 */
export default function ChooseLocationScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const opener = params.get('for') ?? '';
  const tileUrl = useSystemSetting().data?.map_tile_url ?? '';
  const [postcode, setPostcode] = useState((params.get('postcode') ?? '').replace(/\D/g, '').slice(0, 6));
  const [address, setAddress] = useState(params.get('address') ?? '');
  const [picked, setPicked] = useState<{ lat: number; lng: number } | null>(() => {
    const lat = num(params.get('lat'));
    const lng = num(params.get('lng'));
    return lat !== null && lng !== null && inSingapore(lat, lng) ? { lat, lng } : null;
  });
  const [busy, setBusy] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  const search = async () => {
    if (!/^\d{6}$/.test(postcode)) {
      toast(t('groups.postcodePh'));
      return;
    }
    setBusy(true);
    const p = await locatePostcode(postcode).catch(() => null);
    setBusy(false);
    if (p) setPicked(p);
  };
  const onPick = (lat: number, lng: number) => {
    if (!inSingapore(lat, lng)) {
      toast(t('groups.location.outside'));
      return;
    }
    setPicked({ lat, lng });
  };
  const confirm = () => {
    if (!picked) {
      toast(t('groups.location.pickFirst'));
      return;
    }
    const loc = { ...picked, postcode: /^\d{6}$/.test(postcode) ? postcode : '', address: address.trim() };
    if (opener) returnLocation(opener, loc);
    nav.navigateBack();
  };
  const points = useMemo<MapPoint[]>(
    () => (picked ? [{ id: 'picked', ...picked, label: t('groups.location.chosen'), kind: 'picked' }] : []),
    [picked, t],
  );

  return (
    <div className="page" data-testid="choose-location">
      {(!tileUrl || tilesFailed) && <NoticeBar content={t('groups.location.outline')} color="info" />}
      <div className="section" style={{ display: 'grid', gap: 8 }}>
        <div className="row" style={{ gap: 8 }}>
          <Input
            value={postcode}
            onChange={(v) => setPostcode(v.replace(/\D/g, '').slice(0, 6))}
            placeholder={t('groups.postcodePh')}
            inputMode="numeric"
            aria-label={t('groups.postcode')}
            data-testid="loc-postcode"
          />
          <Button
            color="primary"
            size="small"
            style={{ minHeight: 44 }}
            loading={busy}
            onClick={() => void search()}
            data-testid="loc-search"
          >
            {t('groups.search')}
          </Button>
        </div>
        <Input
          value={address}
          onChange={setAddress}
          maxLength={120}
          placeholder={t('groups.location.addressPh')}
          aria-label={t('groups.address')}
          data-testid="loc-address"
        />
      </div>
      <DrawnMap
        tileUrl={tileUrl}
        points={points}
        center={picked}
        height={300}
        label={t('groups.location.mapLabel')}
        onPick={onPick}
        onTilesFailed={() => setTilesFailed(true)}
      />
      <div className="section">
        <div className="muted">{t('groups.location.tapHint')}</div>
        <div data-testid="loc-picked" style={{ marginTop: 6, fontWeight: 600 }}>
          {picked ? `${picked.lat.toFixed(5)}, ${picked.lng.toFixed(5)}` : t('groups.location.none')}
        </div>
        <Button block color="primary" size="large" style={{ marginTop: 12 }} onClick={confirm} data-testid="loc-confirm">
          {t('groups.location.use')}
        </Button>
      </div>
    </div>
  );
}
