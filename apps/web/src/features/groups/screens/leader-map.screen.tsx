import { useMemo, useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import type { GroupSummary } from '@pinyou/contract';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { useSystemSetting } from '../../../lib/session.ts';
import { DrawnMap, type MapPoint } from '../../../components/drawn-map.tsx';
import { useGroupList, type GroupQuery } from '../api/group-list.ts';
import { JoinableGroups } from '../components/group-card.tsx';
import { LeaderSheet } from '../components/leader-sheet.tsx';

/**
 * The leader map: leaders drawn on a map of Singapore (tiles from the server's map_tile_url, or the bundled
 * outline offline or when tiles cannot be reached), and the list sorted by distance, which works either way.
 */
export default function LeaderMapScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const tileUrl = useSystemSetting().data?.map_tile_url ?? '';
  // Where joining leads on to ('declare': back to declaring group-sea parcels).
  const next = useSearchParams()[0].get('next') ?? undefined;
  const [open, setOpen] = useState<GroupSummary | null>(null);
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
      ...(groups ?? []).map((g) => ({
        id: g.id,
        lat: g.lat,
        lng: g.lng,
        label: g.distance_km !== null ? `${g.name} · ${t('groups.km', { km: g.distance_km.toFixed(1) })}` : `${g.name} · ${g.area}`,
        kind: 'leader' as const,
      })),
      ...(origin ? [{ id: 'origin', ...origin, label: postcode, kind: 'origin' as const }] : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [groups, origin?.lat, origin?.lng],
  );
  // A tap on a leader (its marker, its label or its Join button) opens its details before joining.
  const openLeader = (id: MapPoint['id']) => setOpen(groups?.find((x) => x.id === id) ?? null);
  return (
    <div className="page">
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
        labelled
      />
      <QueryState query={list} />
      <JoinableGroups list={groups} onOpen={(g) => setOpen(g)} next={next} />
      <LeaderSheet g={open} next={next} onClose={() => setOpen(null)} />
    </div>
  );
}
