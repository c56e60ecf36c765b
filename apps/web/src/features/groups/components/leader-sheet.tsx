import { Button, Popup } from 'antd-mobile';
import type { GroupSummary } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** Opens the join screen for a leader; `next` says where to go once joined ('declare': back to declaring). */
export const openJoin = (g: Pick<GroupSummary, 'id' | 'name'>, next?: string) =>
  nav.navigateTo(paths.groupJoin, { group_id: g.id, group_name: g.name, ...(next ? { next } : {}) });

/** A leader's details before joining: pick-up area and place, next packing date, members, distance. */
export function LeaderSheet({ g, next, onClose }: { g: GroupSummary | null; next?: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={!!g} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0', padding: 16 }}>
      {g && (
        <div data-testid="leader-sheet">
          <div className="section-title" data-testid="leader-sheet-name">
            {g.name}
          </div>
          <div className="copy-line">
            <span className="k">{t('groups.sheet.area')}</span>
            <span className="v">{g.area || '—'}</span>
          </div>
          <div className="copy-line">
            <span className="k">{t('groups.sheet.place')}</span>
            <span className="v">
              {g.address} ({g.postcode})
            </span>
          </div>
          <div className="copy-line">
            <span className="k">{t('groups.sheet.next')}</span>
            <span className="v" data-testid="leader-sheet-date">
              {g.next_pack_date ?? t('groups.sheet.none')}
            </span>
          </div>
          <div className="copy-line">
            <span className="k">{t('groups.sheet.members')}</span>
            <span className="v">{t('groups.members', { count: g.member_count })}</span>
          </div>
          {g.distance_km !== null && (
            <div className="copy-line">
              <span className="k">{t('groups.sheet.distance')}</span>
              <span className="v">{t('groups.km', { km: g.distance_km.toFixed(1) })}</span>
            </div>
          )}
          <Button
            block
            color="primary"
            size="large"
            style={{ marginTop: 12 }}
            onClick={() => openJoin(g, next)}
            data-testid="leader-sheet-join"
          >
            {t('groups.sheet.join')}
          </Button>
          <Button block fill="none" style={{ marginTop: 4, minHeight: 44 }} onClick={onClose}>
            {t('groups.sheet.close')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
