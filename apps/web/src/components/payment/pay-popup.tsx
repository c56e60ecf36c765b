import { Popup } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { PayPanel, type PayPanelProps } from './pay-panel.tsx';

/**
 * The pay panel in a bottom sheet, for screens that list things to pay (the To pay list, a pack, a
 * mall order, a group share): `<PayPopup open={!!ids} billIds={ids} onClose={...} onPaid={...} />`.
 */
export function PayPopup({ open, onClose, ...panel }: PayPanelProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      closeIcon={<span aria-label={t('state.close')}>×</span>}
      bodyStyle={{ maxHeight: '88vh', overflowY: 'auto', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      destroyOnClose
    >
      <div style={{ paddingTop: 28 }} data-testid="pay-popup">
        {open && <PayPanel {...panel} />}
      </div>
    </Popup>
  );
}
