import { List, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import type { Role } from '@pinyou/contract';
import { useAuthInfo } from '../../../lib/session.ts';
import { useSwitchRole } from '../api/switch-role.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** For users who hold several roles: pick the one this session acts in. */
export default function ChangeRoleScreen() {
  useStrings('account');
  const { t } = useTranslation();
  const { data: user } = useAuthInfo();
  const switchRole = useSwitchRole();
  const onPick = async (role: Role) => {
    if (role === user?.role) return;
    try {
      await switchRole.mutateAsync(role);
      Toast.show({ icon: 'success', content: t('account.switched') });
      nav.reLaunch(paths.my);
    } catch {
      /* shown by the client */
    }
  };
  return (
    <List header={t('role.pick')}>
      {user?.roles.map((r) => (
        <List.Item
          key={r}
          onClick={() => void onPick(r)}
          description={t(`role.desc.${r}`)}
          extra={r === user.role ? <Tag color="primary">{t('account.current')}</Tag> : null}
          data-testid={`role-${r}`}
        >
          {t(`role.${r}`)}
        </List.Item>
      ))}
    </List>
  );
}
