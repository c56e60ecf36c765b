import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../app/paths.ts';
import '../../../features/parcels/parcels.css';

const sections = ['forbidden', 'sensitive', 'weight', 'size', 'timing', 'declare'] as const;

/** Air-freight rules: what may not fly, chargeable weight, size limits, timing. */
export default function AirRulesScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  return (
    <div className="pc-rules" data-testid="air-rules">
      {sections.map((s) => (
        <div className="section" key={s}>
          <h3>{t(`parcels.airRules.${s}.title`)}</h3>
          <ul>
            {(t(`parcels.airRules.${s}.items`, { returnObjects: true }) as string[]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
      <div className="form-footer">
        <Button block color="primary" onClick={() => nav.navigateTo(paths.calculateFreight, { mode: 'AIR' })}>
          {t('parcels.airRules.calculate')}
        </Button>
      </div>
    </div>
  );
}
