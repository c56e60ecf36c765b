import { formatMoney } from '../../../lib/money.ts';
import { rmbToSgdMinor } from '../model.ts';

/** An RMB price with its S$ equivalent: "¥12.50 ≈ S$2.36" (the S$ from the server, or at the rate). */
export function Price({
  minor,
  sgdMinor,
  rate,
  size = 'normal',
  testId,
}: {
  minor: number;
  sgdMinor?: number | null;
  rate?: string;
  size?: 'normal' | 'big' | 'small';
  testId?: string;
}) {
  const sgd = sgdMinor ?? (rate ? rmbToSgdMinor(minor, rate) : null);
  return (
    <span className={`mall-price ${size}`} data-testid={testId}>
      <span className="rmb">{formatMoney(minor, 'RMB')}</span>
      {sgd !== null && <span className="sgd"> ≈ {formatMoney(sgd, 'SGD')}</span>}
    </span>
  );
}
