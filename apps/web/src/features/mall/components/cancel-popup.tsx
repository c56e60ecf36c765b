import { useState } from 'react';
import { Button, Popup, Selector, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { MallOrderView } from '@pinyou/contract';
import { toast } from '../../../lib/feedback.ts';
import { useCancelMallOrder } from '../api/cancel-order.ts';

const reasons = ['changedMind', 'wrongItem', 'tooSlow', 'foundCheaper', 'other'] as const;

/**
 * Cancel an order with a reason, through its source's cancel call. Before purchase it is cancelled at
 * once (refund to the wallet, coupon back); after purchase it becomes a request the merchant confirms:
 * the popup says which it will be before the customer confirms.
 */
export function CancelPopup({ order, open, onClose }: { order: MallOrderView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<(typeof reasons)[number] | null>(null);
  const [text, setText] = useState('');
  const cancel = useCancelMallOrder();
  const full = reason === 'other' ? text.trim() : reason ? t(`mall.cancelReason.${reason}`) + (text.trim() ? `: ${text.trim()}` : '') : '';
  const submit = async () => {
    const r = await cancel.mutateAsync({ id: order.id, source: order.source, reason: full.slice(0, 140) }).catch(() => null);
    if (!r) return;
    onClose();
    toast(r.status === 'cancel_pending' ? t('mall.cancelRequested') : t('mall.cancelled'), 'success');
  };
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      closeIcon={<span aria-label={t('state.close')}>×</span>}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16, maxHeight: '85vh', overflowY: 'auto' }}
    >
      <div data-testid="cancel-popup">
        <h2 className="section-title">{t('mall.cancelTitle')}</h2>
        <p className={order.cancel_needs_confirmation ? 'mall-warn' : 'muted'} data-testid="cancel-kind">
          {order.cancel_needs_confirmation ? t('mall.cancelNeedsConfirm') : t('mall.cancelAtOnce')}
        </p>
        <Selector
          columns={2}
          value={reason ? [reason] : []}
          onChange={(v) => setReason((v[0] as (typeof reasons)[number]) ?? null)}
          options={reasons.map((r) => ({ label: t(`mall.cancelReason.${r}`), value: r }))}
          data-testid="cancel-reasons"
        />
        <TextArea
          placeholder={t('mall.cancelMore')}
          aria-label={t('mall.cancelMore')}
          maxLength={100}
          rows={2}
          value={text}
          onChange={setText}
          className="mall-remark"
        />
        <Button
          block
          color="danger"
          size="large"
          style={{ marginTop: 12 }}
          disabled={!full}
          loading={cancel.isPending}
          onClick={() => void submit()}
          data-testid="cancel-confirm"
        >
          {order.cancel_needs_confirmation ? t('mall.cancelRequest') : t('mall.cancelNow')}
        </Button>
      </div>
    </Popup>
  );
}
