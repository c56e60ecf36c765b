import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { formatCountdown, msLeft } from '../model.ts';

/** "Pay within 14:59": ticks each second until pay_before; "time ran out" after it. */
export function PayCountdown({ payBefore, onExpire }: { payBefore: string | null; onExpire?: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = msLeft(payBefore, now);
  useEffect(() => {
    if (left === null || left <= 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [left]);
  useEffect(() => {
    if (left === 0) onExpire?.();
  }, [left, onExpire]);
  if (left === null) return null;
  return (
    <span className="mall-countdown" data-testid="pay-countdown">
      {left > 0 ? t('mall.payWithinCountdown', { time: formatCountdown(left) }) : t('mall.payExpired')}
    </span>
  );
}
