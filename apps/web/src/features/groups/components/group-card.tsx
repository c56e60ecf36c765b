import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupSummary } from '@pinyou/contract';

/** One leader in a list: name, area, members, pattern and next date, distance. */
export function GroupCard({ g, action }: { g: GroupSummary; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid={`group-${g.id}`} style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}>
      <div style={{ flex: 1 }}>
        <div style={{ fontWeight: 600 }}>{g.name}</div>
        <div className="muted">
          {g.area} · {t('groups.members', { n: g.member_count })}
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
