import { useMemo, useState } from 'react';
import { Button, Input, NoticeBar, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useSystemSetting } from '../../../lib/session.ts';
import { DrawnMap, type MapPoint } from '../../../components/drawn-map.tsx';
import { useGroupList, type GroupQuery } from '../api/group-list.ts';
import { JoinableGroups } from '../components/group-card.tsx';

/**
 * The leader map: leaders drawn on a map of Singapore (tiles from the server's map_tile_url, or the bundled
 * outline offline or when tiles cannot be reached), and the list sorted by distance, which works either way.
 */
export default function LeaderMapScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const tileUrl = useSystemSetting().data?.map_tile_url ?? '';
  const [tilesFailed, setTilesFailed] = useState(false);
  const [postcode, setPostcode] = useState('');
  const [q, setQ] = useState<GroupQuery>({});
  const list = useGroupList(q);
  const search = () => {
    if (!/^\d{6}$/.test(postcode)) {
      Toast.show({ content: t('groups.postcodePh') });
      return;
    }
    setQ({ postcode });
  };
  const groups = list.data?.list;
  const origin = list.data?.origin ?? null;
  const points = useMemo<MapPoint[]>(
    () => [
      ...(groups ?? []).map((g) => ({ id: g.id, lat: g.lat, lng: g.lng, label: `${g.name} · ${g.area}`, kind: 'leader' as const })),
      ...(origin ? [{ id: 'origin', ...origin, label: postcode, kind: 'origin' as const }] : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [groups, origin?.lat, origin?.lng],
  );
  const openLeader = (id: MapPoint['id']) => {
    const g = groups?.find((x) => x.id === id);
    if (g) nav.navigateTo(paths.openLocation, { lat: g.lat, lng: g.lng, name: g.name, address: `${g.address} (${g.postcode})` });
  };
  return (
    <div className="page">
      {(!tileUrl || tilesFailed) && <NoticeBar content={t('groups.tilesOff')} color="info" data-testid="tiles-notice" />}
      <div className="section row">
        <Input
          value={postcode}
          onChange={(v) => setPostcode(v.replace(/\D/g, '').slice(0, 6))}
          placeholder={t('groups.postcodePh')}
          inputMode="numeric"
          aria-label={t('groups.postcode')}
          data-testid="map-postcode"
        />
        <Button color="primary" size="small" style={{ minHeight: 44 }} onClick={search} data-testid="map-search">
          {t('groups.search')}
        </Button>
      </div>
      <DrawnMap
        tileUrl={tileUrl}
        points={points}
        center={origin}
        zoom={13}
        height={260}
        label={t('groups.location.leadersOnMap')}
        onMarker={openLeader}
        onTilesFailed={() => setTilesFailed(true)}
      />
      <QueryState query={list} />
      <JoinableGroups list={groups} />
    </div>
  );
}
