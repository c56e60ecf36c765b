import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation.ts';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { JoinableGroups } from '../components/group-card.tsx';

/** Choose a leader (logged in): nearest a postcode, then join. */
export default function SelectLeaderScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [postcode, setPostcode] = useState('');
  const [asked, setAsked] = useState('');
  const q = useQuery({
    queryKey: ['groups', 'select', asked],
    queryFn: () =>
      api.call(contract.groups.groupList, { ...(asked ? { postcode: asked } : {}), page: 1, page_size: 50 }, { loading: false }),
  });
  return (
    <div className="page">
      <div className="section row">
        <Input
          value={postcode}
          onChange={(v) => setPostcode(v.replace(/\D/g, '').slice(0, 6))}
          placeholder={t('groups.postcodePh')}
          inputMode="numeric"
        />
        <Button color="primary" size="small" style={{ minHeight: 44 }} onClick={() => setAsked(postcode.length === 6 ? postcode : '')}>
          {t('groups.search')}
        </Button>
      </div>
      <QueryState query={q} />
      <JoinableGroups list={q.data?.list} />
    </div>
  );
}
