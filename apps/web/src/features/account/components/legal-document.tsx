import '../../../components/fields/fields.css';
import { useTranslation } from '../../../lib/translation.ts';
import { TERMS_VERSION } from '@pinyou/contract';

export type LegalDoc = 'terms' | 'privacy';
export const isLegalDoc = (v: unknown): v is LegalDoc => v === 'terms' || v === 'privacy';

/** The terms of service or the privacy policy (strings in the account bundle), with the version consent records. */
export function LegalDocument({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const sections = t(`legal.${doc}.sections`, { returnObjects: true }) as unknown;
  const list = Array.isArray(sections) ? (sections as { h: string; p: string }[]) : [];
  return (
    <article className="legal-doc" data-testid={`legal-${doc}`}>
      <h1 className="section-title">{t(`legal.${doc}.title`)}</h1>
      <p className="muted">{t('legal.updated', { date: TERMS_VERSION })}</p>
      {list.map((s) => (
        <section key={s.h}>
          <h2>{s.h}</h2>
          <p>{s.p}</p>
        </section>
      ))}
    </article>
  );
}
