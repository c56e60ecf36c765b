import './fields/fields.css';
import { useTranslation } from '../lib/translation.ts';
import { mailtoHref, telHref, whatsappHref } from '../lib/contact-links.ts';

type Kind = 'phone' | 'whatsapp' | 'email';

/**
 * A phone number, WhatsApp number or e-mail shown so it can be tapped: tel:, wa.me or mailto:. Text that is
 * not a usable number is shown as it is, never as a link that would fail.
 */
export function ContactLink({ kind, value, label: text, testId }: { kind: Kind; value: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const href = kind === 'phone' ? telHref(value) : kind === 'whatsapp' ? whatsappHref(value) : mailtoHref(value);
  if (!value) return null;
  if (!href) return <span data-testid={testId}>{value}</span>;
  const label =
    kind === 'phone'
      ? t('contact.call', { number: value })
      : kind === 'whatsapp'
        ? t('contact.whatsapp', { number: value })
        : t('contact.email', { address: value });
  return (
    <a
      className="contact-link"
      href={href}
      aria-label={label}
      data-testid={testId}
      {...(kind === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {text ?? value}
    </a>
  );
}
