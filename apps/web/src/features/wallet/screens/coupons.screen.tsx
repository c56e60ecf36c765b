import { formatDate } from '../../../lib/dates.ts';
import { useState } from 'react';
import { Button, Empty, Input, Tabs, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useCoupons, type CouponStatus } from '../api/coupons.ts';
import { useRedeemCouponCode } from '../api/redeem-code.ts';
import { useActivityCoupons } from '../api/activity-coupons.ts';
import { useClaimActivityCoupon } from '../api/claim-coupon.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { CouponCard } from '../components/coupon-card.tsx';

const day = (iso: string | null) => (iso ? formatDate(iso) : '');

function Redeem() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const redeem = useRedeemCouponCode();
  const submit = async () => {
    if (!code.trim()) return Toast.show({ content: t('wallet.coupon.codeRequired') });
    const c = await redeem.mutateAsync(code).catch(() => null);
    if (!c) return;
    setCode('');
    Toast.show({ icon: 'success', content: t('wallet.coupon.redeemed', { name: c.name }) });
  };
  return (
    <div className="section row">
      <Input
        value={code}
        onChange={(v) => setCode(v.toUpperCase())}
        placeholder={t('wallet.coupon.codePh')}
        maxLength={32}
        clearable
        data-testid="coupon-code"
      />
      <Button
        color="primary"
        size="small"
        style={{ flex: '0 0 auto', whiteSpace: 'nowrap' }}
        loading={redeem.isPending}
        onClick={() => void submit()}
        data-testid="coupon-redeem"
      >
        {t('wallet.coupon.redeem')}
      </Button>
    </div>
  );
}

function Claimable() {
  const { t } = useTranslation();
  const q = useActivityCoupons();
  const claim = useClaimActivityCoupon();
  const [busy, setBusy] = useState<number | null>(null);
  if (!q.data?.list.length) return null;
  const onClaim = async (batchId: number) => {
    setBusy(batchId);
    const c = await claim.mutateAsync(batchId).catch(() => null);
    setBusy(null);
    if (c) Toast.show({ icon: 'success', content: t('wallet.coupon.claimed') });
  };
  return (
    <div data-testid="claimable">
      <div className="section-title" style={{ margin: '12px 12px 0' }}>
        {t('wallet.coupon.claimTitle')}
      </div>
      {q.data.list.map((b) => (
        <CouponCard
          key={b.batch_id}
          c={b}
          sub={[
            t('wallet.coupon.validDays', { n: b.valid_days }),
            b.remaining !== null ? t('wallet.coupon.remaining', { n: b.remaining }) : '',
            b.claim_ends_at ? t('wallet.coupon.claimUntil', { date: day(b.claim_ends_at) }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
          action={
            <Button
              size="small"
              color="primary"
              loading={busy === b.batch_id}
              onClick={() => void onClaim(b.batch_id)}
              data-testid={`claim-${b.batch_id}`}
            >
              {t('wallet.coupon.claim')}
            </Button>
          }
        />
      ))}
    </div>
  );
}

function MyList({ status }: { status: CouponStatus }) {
  const { t } = useTranslation();
  const q = useCoupons(status);
  if (!q.data?.list.length) return <QueryState query={q} isEmpty empty={<Empty description={t('wallet.coupon.none')} />} />;
  return (
    <div data-testid={`coupons-${status}`}>
      {q.data?.list.map((c) => (
        <CouponCard
          key={c.id}
          c={c}
          dim={status !== 'unused'}
          sub={
            status === 'used'
              ? t('wallet.coupon.usedAt', { date: day(c.used_at) })
              : t('wallet.coupon.expiresAt', { date: day(c.expires_at) })
          }
        />
      ))}
    </div>
  );
}

/** My coupons by state, coupons to claim, and redeeming a code. */
export default function MyCouponScreen() {
  useStrings('wallet');
  const { t } = useTranslation();
  const [tab, setTab] = useState<CouponStatus>('unused');
  return (
    <div>
      <Redeem />
      <Claimable />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as CouponStatus)}>
        {(['unused', 'used', 'expired'] as const).map((s) => (
          <Tabs.Tab key={s} title={t(`wallet.coupon.tab.${s}`)}>
            <MyList status={s} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </div>
  );
}
