import './fields.css';
import { Input } from 'antd-mobile';
import { normalizeAmountTyping } from './field-rules.ts';

export interface AmountFieldProps {
  value: string;
  onChange: (v: string) => void;
  /** The message of the broken rule (see amountRuleKey), shown under the input. */
  error?: string;
  /** The currency symbol before the amount. */
  symbol?: string;
  placeholder?: string;
  label?: string;
  testId?: string;
  errorTestId?: string;
}

/**
 * The one money-amount input: the currency before it, a decimal keyboard, full-width digits and a decimal
 * comma read as "0-9" and "."; the contract's rule (up to 2 decimals) is checked by the form on submit
 * with amountRuleKey, and its message shown here.
 */
export function AmountField({ value, onChange, error, symbol = 'S$', placeholder = '0.00', label, testId, errorTestId }: AmountFieldProps) {
  return (
    <>
      <div className="amount-field">
        <span className="amount-symbol" aria-hidden="true">
          {symbol}
        </span>
        <Input
          value={value}
          onChange={(v) => onChange(normalizeAmountTyping(v))}
          placeholder={placeholder}
          inputMode="decimal"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          clearable
          data-testid={testId}
        />
      </div>
      {error && (
        <div className="field-error" role="alert" data-testid={errorTestId}>
          {error}
        </div>
      )}
    </>
  );
}
