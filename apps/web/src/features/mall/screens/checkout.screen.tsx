import { useMemo, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddressList } from '../../../lib/address-list.ts';
import { SettlementForm, type CreatedOrders } from '../components/settlement-form.tsx';
import { PayChoice } from '../components/pay-choice.tsx';
import { parseIds } from '../model.ts';
import { PayPopup } from '../../../components/payment/pay-popup.tsx';
import '../mall.css';

/** The address picked on the address list (select=1), kept for this tab. */
function usePickedAddress() {
  const picked = Number(sessionStorage.getItem('picked-address') ?? 0);
  const list = useAddressList();
  return picked > 0 ? (list.data?.list.find((a) => a.id === picked) ?? null) : null;
}

/**
 * Checkout of selected cart lines (?cart_ids=1,2) or one item bought at once (?product_id=&sku_id=&quantity=):
 * create the orders, then pay them from the balance (the wallet's pay panel, with its coupon) or by WeChat Pay.
 */
export default function CartSettlementScreen() {
  useStrings('mall', 'wallet');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const cartIds = params.get('cart_ids');
  const productId = Number(params.get('product_id') ?? 0);
  const skuId = Number(params.get('sku_id') ?? 0);
  const quantity = Number(params.get('quantity') ?? 1);
  const what = useMemo(
    () =>
      cartIds
        ? { cartIds: parseIds(cartIds) }
        : {
            productId: productId || undefined,
            skuId: skuId || undefined,
            quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
          },
    [cartIds, productId, skuId, quantity],
  );
  const picked = usePickedAddress();
  const [created, setCreated] = useState<CreatedOrders | null>(null);
  const [paying, setPaying] = useState(false);

  if (!created) return <SettlementForm what={what} pickedAddress={picked} onCreated={setCreated} />;

  const orderIds = created.orders.map((o) => o.id);
  return (
    <div data-testid="order-created">
      <Result
        status="success"
        title={t('mall.createdTitle', { n: created.orders.length })}
        description={t('mall.createdText', {
          total: formatMoney(created.total),
          sgd: formatMoney(created.total_sgd),
        })}
      />
      <PayChoice orderIds={orderIds} totalSgd={created.total_sgd} onWallet={() => setPaying(true)} />
      <div className="form-footer">
        <Button block fill="none" onClick={() => nav.redirectTo(paths.orderCenter, { tab: 'waiting_pay' })} data-testid="pay-later">
          {t('mall.payLater')}
        </Button>
      </div>
      <PayPopup
        open={paying}
        billIds={created.bill_ids}
        onClose={() => setPaying(false)}
        onPaid={(r) => nav.redirectTo(paths.payDone, { kind: 'mall', amount: r.charged.amount_minor })}
      />
    </div>
  );
}
