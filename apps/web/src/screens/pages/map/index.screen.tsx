import { useState } from 'react';
import { Button, Input, NoticeBar, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { useGroupList, type GroupQuery } from '../../../features/groups/api/group-list.ts';
import { JoinableGroups } from '../../../features/groups/components/group-card.tsx';

/**
 * The leader map. The list sorted by distance is the primary view and works offline; map tiles are a
 * progressive layer that is not drawn here yet, so the notice says so plainly.
 */
export default function LeaderMapScreen() {
  useStrings('groups');
  const { t } = useTranslation();
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
  return (
    <div className="page">
      <NoticeBar content={t('groups.tilesOff')} color="info" data-testid="tiles-notice" />
      <div className="section row">
        <Input
          value={postcode}
          onChange={(v) => setPostcode(v.replace(/\D/g, '').slice(0, 6))}
          placeholder={t('groups.postcodePh')}
          inputMode="numeric"
          data-testid="map-postcode"
        />
        <Button color="primary" size="small" style={{ minHeight: 44 }} onClick={search} data-testid="map-search">
          {t('groups.search')}
        </Button>
      </div>
      <QueryState query={list} />
      <JoinableGroups list={list.data?.list} />
    </div>
  );
}
