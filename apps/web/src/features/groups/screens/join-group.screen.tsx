import { useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { patterns } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { isLoggedIn } from '../../../lib/session.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { paths } from '../../../lib/paths.ts';
import { useJoinGroup } from '../api/join-group.ts';

/** Join by a share link or from the map: group_id may be "id,name" (spec §2). */
export default function GroupJoinScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('group_id') ?? String(storage.get<number>(StorageKey.GROUP_ID) ?? '');
  const groupId = Number(raw.split(',')[0]) || 0;
  const name = params.get('group_name') || raw.split(',').slice(1).join(',') || storage.get<string>(StorageKey.GROUP_NAME) || '';
  const [code, setCode] = useState('');
  const join = useJoinGroup();
  const submit = async () => {
    if (!isLoggedIn()) {
      // Kept for after login or registration (spec §6).
      storage.set(StorageKey.GROUP_ID, groupId);
      if (name) storage.set(StorageKey.GROUP_NAME, name);
      Toast.show({ content: t('groups.loginFirst') });
      return nav.navigateTo(paths.infoEdit, { isLogin: 1 });
    }
    if (code && !patterns.dragonCode.test(code)) return Toast.show({ content: t('groups.dragonCodePh') });
    const g = await join.mutateAsync({ groupId, dragonCode: code || undefined }).catch(() => null);
    if (!g) return;
    storage.remove(StorageKey.GROUP_ID);
    storage.remove(StorageKey.GROUP_NAME);
    Toast.show({ icon: 'success', content: t('groups.joined', { name: g.name }) });
    nav.redirectTo(paths.groupDetail);
  };
  return (
    <div className="page">
      <div className="card">
        <div className="section-title">{t('groups.joinTitle')}</div>
        <div style={{ fontSize: 18, fontWeight: 600, margin: '8px 0' }} data-testid="join-name">
          {name || `#${groupId}`}
        </div>
        <div className="muted">{t('groups.dragonCode')}</div>
        <Input
          value={code}
          onChange={(v) => setCode(v.toUpperCase())}
          placeholder={t('groups.dragonCodePh')}
          maxLength={8}
          data-testid="join-code"
        />
      </div>
      <div className="section">
        <Button
          block
          color="primary"
          size="large"
          loading={join.isPending}
          onClick={() => void submit()}
          disabled={!groupId}
          data-testid="join-submit"
        >
          {t('groups.join')}
        </Button>
      </div>
    </div>
  );
}
