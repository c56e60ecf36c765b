import type { ReactNode } from 'react';
import { Button, Empty } from 'antd-mobile';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useTranslation } from '../../../lib/translation.ts';
import type { GroupSummary } from '@pinyou/contract';

/** One leader in a list: name, area, members, pattern and next date, distance. */
export function GroupCard({ g, action }: { g: GroupSummary; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid={`group-${g.id}`} style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}>
      <div style={{ flex: 1 }}>
        <div style={{ fontWeight: 600 }}>{g.name}</div>
        <div className="muted">
          {g.area} · {t('groups.members', { count: g.member_count })}
          {g.distance_km !== null ? ` · ${t('groups.km', { km: g.distance_km.toFixed(1) })}` : ''}
        </div>
        <div className="muted">
          {g.pattern ? `${t(`groups.pattern.${g.pattern}`)} · ` : ''}
          {g.next_pack_date ? t('groups.nextDate', { date: g.next_pack_date }) : t('groups.noDate')}
        </div>
      </div>
      {action}
    </div>
  );
}

/** Leaders found near a point or postcode, each with a Join button (the map and select-leader screens). */
export function JoinableGroups({ list }: { list: GroupSummary[] | undefined }) {
  const { t } = useTranslation();
  if (list?.length === 0) return <Empty description={t('groups.empty')} />;
  return (
    <>
      {list?.map((g) => (
        <GroupCard
          key={g.id}
          g={g}
          action={
            <div style={{ display: 'grid', gap: 4 }}>
              <Button
                size="small"
                color="primary"
                style={{ minHeight: 44 }}
                onClick={() => nav.navigateTo(paths.groupJoin, { group_id: g.id, group_name: g.name })}
              >
                {t('groups.join')}
              </Button>
              <Button
                size="mini"
                fill="none"
                color="primary"
                style={{ minHeight: 32 }}
                onClick={() =>
                  nav.navigateTo(paths.openLocation, { lat: g.lat, lng: g.lng, name: g.name, address: `${g.address} (${g.postcode})` })
                }
                data-testid={`group-place-${g.id}`}
              >
                {t('groups.location.view')}
              </Button>
            </div>
          }
        />
      ))}
    </>
  );
}
