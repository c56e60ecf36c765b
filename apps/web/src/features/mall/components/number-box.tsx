import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { clampQuantity, quantityBounds } from '../model.ts';

/**
 * The number box (minimum 1, maximum the stock): − and + buttons around a plain number field. Not
 * antd-mobile's Stepper, which puts its spinbutton attributes on a div and leaves the field unnamed (axe).
 * A typed number is taken on blur or Enter, brought within the bounds.
 */
export function NumberBox({
  value,
  stock,
  label,
  onChange,
  disabled,
  testId,
}: {
  value: number;
  stock: number;
  label: string;
  onChange: (n: number) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { min, max } = quantityBounds(stock);
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (n: number) => {
    const v = clampQuantity(n, stock);
    setText(String(v));
    if (v !== value) onChange(v);
  };
  return (
    <span className="mall-numbox" data-testid={testId}>
      <button type="button" aria-label={t('mall.less')} disabled={disabled || value <= min} onClick={() => commit(value - 1)}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        aria-label={label}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(Number(text))}
        onKeyDown={(e) => e.key === 'Enter' && commit(Number(text))}
      />
      <button type="button" aria-label={t('mall.more')} disabled={disabled || value >= max} onClick={() => commit(value + 1)}>
        +
      </button>
    </span>
  );
}
