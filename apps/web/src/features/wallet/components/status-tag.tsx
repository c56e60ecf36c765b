import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { RechargeOrder } from '../types.ts';

const colors = { pending: 'warning', paid: 'success', rejected: 'danger', closed: 'default' } as const;

export function RechargeStatusTag({ status }: { status: RechargeOrder['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} fill="outline">
      {t(`wallet.status.${status}`)}
    </Tag>
  );
}
