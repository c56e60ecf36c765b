import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { isLegalDoc, LegalDocument, type LegalDoc } from '../components/legal-document.tsx';

/** The terms of service and the privacy policy a person agrees to when registering (?doc=terms|privacy). */
export default function TermsScreen() {
  useStrings('account');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const doc: LegalDoc = isLegalDoc(params.get('doc')) ? (params.get('doc') as LegalDoc) : 'terms';
  return (
    <div className="page">
      <Tabs activeKey={doc} onChange={(k) => setParams({ doc: k }, { replace: true })}>
        <Tabs.Tab key="terms" title={t('legal.terms.title')} />
        <Tabs.Tab key="privacy" title={t('legal.privacy.title')} />
      </Tabs>
      <div className="section">
        <LegalDocument doc={doc} />
      </div>
    </div>
  );
}
