import { Button } from 'antd-mobile';
import { useTranslation } from '../lib/translation.ts';
import { useStrings } from '../lib/i18n.ts';
import { nav } from '../lib/nav.ts';
import { paths } from '../lib/paths.ts';

/**
 * Group sea for a customer in no group: what it is (a leader near them collects; cheaper; picked up at the
 * leader's place), and the way to a leader near them, after which they come back to declaring.
 */
export function GroupSeaIntro({ onDoor }: { onDoor: () => void }) {
  useStrings('groups');
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="group-sea-intro">
      <div className="section-title">{t('groups.seaIntro.title')}</div>
      <p>{t('groups.seaIntro.what')}</p>
      <ul style={{ paddingLeft: 18, margin: '8px 0', lineHeight: 1.6 }}>
        <li>{t('groups.seaIntro.leader')}</li>
        <li>{t('groups.seaIntro.cheaper')}</li>
        <li>{t('groups.seaIntro.pickup')}</li>
      </ul>
      <p className="muted">{t('groups.seaIntro.first')}</p>
      <Button block color="primary" size="large" onClick={() => nav.navigateTo(paths.map, { next: 'declare' })} data-testid="find-leader">
        {t('groups.seaIntro.find')}
      </Button>
      <Button block fill="none" color="primary" style={{ marginTop: 8, minHeight: 44 }} onClick={onDoor} data-testid="ship-to-door">
        {t('groups.seaIntro.door')}
      </Button>
    </div>
  );
}
