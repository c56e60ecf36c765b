import { Button, Checkbox, Tag } from 'antd-mobile';
import type { contract, ResponseOf } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/money.ts';

export type PayMemberRowData = ResponseOf<typeof contract.groups.getPackGroupUserList>['list'][number];

/** One member of a batch on the leader's collection list: paid, collected, and ticking or paying for them. */
export function PayMemberRow({
  r,
  ticked,
  onTick,
  onPay,
}: {
  r: PayMemberRowData;
  ticked: boolean;
  onTick: (on: boolean) => void;
  onPay: () => void;
}) {
  const { t } = useTranslation();
  const owes = !r.paid && r.bill_ids.length > 0;
  return (
    <div
      className="row"
      style={{ minHeight: 44, justifyContent: 'space-between', flexWrap: 'wrap' }}
      data-testid={`collect-${r.user_account}`}
    >
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {owes ? (
          // The member's name is the checkbox's label, so a screen reader says whom it selects.
          <Checkbox checked={ticked} onChange={onTick} className="member-tick" data-testid={`tick-${r.user_account}`}>
            {r.user_account}
          </Checkbox>
        ) : (
          r.user_account
        )}{' '}
        {r.dragon_code && `(${r.dragon_code})`} · {r.volume_cbm} cbm · {formatMoney(r.amount)}
      </span>
      <span>
        <Tag color={r.paid ? 'success' : 'warning'}>{t(r.paid ? 'groups.paid' : 'groups.unpaid')}</Tag>{' '}
        <Tag color={r.signed ? 'success' : 'default'}>{t(r.signed ? 'groups.signed' : 'groups.notSigned')}</Tag>
        {owes && (
          <Button
            size="mini"
            color="primary"
            fill="outline"
            style={{ marginLeft: 6, minHeight: 32 }}
            onClick={onPay}
            data-testid={`pay-for-${r.user_account}`}
          >
            {t('groups.payFor')}
          </Button>
        )}
      </span>
    </div>
  );
}
