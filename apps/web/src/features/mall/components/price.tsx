import type { Money } from '@pinyou/contract';
import { formatMoney } from '../../../lib/money.ts';
import { rmbToSgdMinor } from '../model.ts';

/** An RMB price with its S$ equivalent: "¥12.50 ≈ S$2.36" (the S$ from the server, or at the rate). */
export function Price({
  price,
  sgd,
  rate,
  size = 'normal',
  testId,
}: {
  price: Money;
  sgd?: Money | null;
  rate?: string;
  size?: 'normal' | 'big' | 'small';
  testId?: string;
}) {
  const atRate = !sgd && rate ? rmbToSgdMinor(price.amount_minor, rate) : null;
  return (
    <span className={`mall-price ${size}`} data-testid={testId}>
      <span className="rmb">{formatMoney(price)}</span>
      {sgd ? (
        <span className="sgd"> ≈ {formatMoney(sgd)}</span>
      ) : (
        atRate !== null && <span className="sgd"> ≈ {formatMoney(atRate, 'SGD')}</span>
      )}
    </span>
  );
}
