import { Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** A label, a value and a copy button: bank and PayNow details the customer types into their banking app. */
export function CopyLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => Toast.show({ content: (await copyText(value)) ? t('common.copied') : t('common.copyFailed') });
  return (
    <div className="copy-line">
      <span className="k">{label}</span>
      <span className="v" data-testid={testId}>
        {value}
      </span>
      <a role="button" onClick={() => void copy()} style={{ color: 'var(--pinyou-blue)', flex: '0 0 auto' }}>
        {t('common.copy')}
      </a>
    </div>
  );
}
