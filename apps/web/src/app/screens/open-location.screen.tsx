import { useMemo, useState } from 'react';
import { Empty, NoticeBar } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { useSearchParams } from 'react-router';
import { useStrings } from '../../lib/i18n.ts';
import { useSystemSetting } from '../../lib/session.ts';
import { mapAppLinks } from '../../lib/location-pick.ts';
import { DrawnMap, type MapPoint } from '../../components/drawn-map.tsx';

const linkStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  borderRadius: 8,
  fontSize: 16,
  textDecoration: 'none',
} as const;

/**
 * System page /open-location (spec §2): a place (a leader's collection point) on the map with its name and
 * address, and links that open it in the phone's map app. Query: lat, lng, name, address.
 */
export default function OpenLocationScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tileUrl = useSystemSetting().data?.map_tile_url ?? '';
  const [tilesFailed, setTilesFailed] = useState(false);
  const lat = Number(params.get('lat') ?? NaN);
  const lng = Number(params.get('lng') ?? NaN);
  const name = params.get('name') ?? '';
  const address = params.get('address') ?? '';
  const valid = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const points = useMemo<MapPoint[]>(
    () => (valid ? [{ id: 'place', lat, lng, label: name || address, kind: 'picked' }] : []),
    [valid, lat, lng, name, address],
  );
  if (!valid)
    return (
      <div className="page">
        <Empty description={t('groups.location.none')} />
      </div>
    );
  const links = mapAppLinks({ lat, lng, name });
  return (
    <div className="page" data-testid="open-location">
      {(!tileUrl || tilesFailed) && <NoticeBar content={t('groups.location.outline')} color="info" />}
      <DrawnMap
        tileUrl={tileUrl}
        points={points}
        center={{ lat, lng }}
        height={280}
        label={t('groups.location.mapLabel')}
        onTilesFailed={() => setTilesFailed(true)}
      />
      <div className="section">
        {name && (
          <div className="section-title" data-testid="loc-name">
            {name}
          </div>
        )}
        {address && <div data-testid="loc-address-text">{address}</div>}
        <div className="muted">
          {lat.toFixed(5)}, {lng.toFixed(5)}
        </div>
        <div style={{ display: 'grid', gap: 8, marginTop: 12 }}>
          <a href={links.geo} style={{ ...linkStyle, background: '#0b62d6', color: '#fff' }} data-testid="open-geo">
            {t('groups.location.openApp')}
          </a>
          <a
            href={links.google}
            target="_blank"
            rel="noopener noreferrer"
            style={{ ...linkStyle, border: '1px solid #0b62d6', color: '#0b62d6' }}
            data-testid="open-google"
          >
            {t('groups.location.openGoogle')}
          </a>
        </div>
      </div>
    </div>
  );
}
