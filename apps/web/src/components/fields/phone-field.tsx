import './fields.css';
import type { ReactNode } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { normalizeSgPhone, phoneProblem, SG_DIAL_CODE, type PhoneRule } from './field-rules.ts';

export interface PhoneFieldProps {
  name: string;
  label: ReactNode;
  /** sgMobile (default): 8 digits starting with 8 or 9; phone8: any 8-digit Singapore number (a group's contact). */
  rule?: PhoneRule;
  required?: boolean;
  testId?: string;
  extra?: ReactNode;
  placeholder?: string;
}

/**
 * The one phone input of the app: "+65" shown before the number, a numeric keyboard, pasted "+65 8123 4567"
 * kept as its 8 digits, and the contract's rule (spec §5) with its message in the user's language.
 */
export function PhoneField({ name, label, rule = 'sgMobile', required = true, testId, extra, placeholder }: PhoneFieldProps) {
  const { t } = useTranslation();
  const message = t(rule === 'sgMobile' ? 'rules.sgMobile' : 'rules.phone8');
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      normalize={(v: unknown) => normalizeSgPhone(String(v ?? ''))}
      rules={[
        { required, message },
        {
          validator: async (_r, v: unknown) => {
            const s = String(v ?? '');
            if (s && phoneProblem(s, rule)) throw new Error(message);
          },
        },
      ]}
    >
      <PhoneInput testId={testId} placeholder={placeholder ?? (rule === 'sgMobile' ? '8xxxxxxx' : '6xxxxxxx')} />
    </Form.Item>
  );
}

/** The input part (value/onChange from Form.Item, or used on its own): "+65" and the 8 digits. */
export function PhoneInput({
  value,
  onChange,
  testId,
  placeholder = '8xxxxxxx',
}: {
  value?: string;
  onChange?: (v: string) => void;
  testId?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="phone-input">
      <span className="dial-code" aria-label={t('fields.dialCodeSg')} data-testid="dial-code">
        {SG_DIAL_CODE}
      </span>
      <Input
        value={value ?? ''}
        onChange={(v) => onChange?.(normalizeSgPhone(v))}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={placeholder}
        clearable
        data-testid={testId}
      />
    </div>
  );
}
