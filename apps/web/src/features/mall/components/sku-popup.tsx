import { useState } from 'react';
import { Button, Popup, Selector } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { MallProductDetail } from '@pinyou/contract';
import { currentLanguage } from '../../../lib/i18n.ts';
import { clampQuantity, quantityBounds, skuNameIn } from '../model.ts';
import { NumberBox } from './number-box.tsx';
import { Price } from './price.tsx';

export type Sku = MallProductDetail['skus'][number];

/** Whether the customer must pick a specification (several SKUs, or one with a name). */
export const needsChoice = (p: MallProductDetail) => p.skus.length > 1 || (p.skus.length === 1 && !!p.skus[0]!.name);

/**
 * Choose a specification and how many (number box from 1 to the stock), then add to the cart or buy now.
 */
export function SkuPopup({
  product,
  open,
  action,
  initialSkuId,
  onClose,
  onConfirm,
  busy,
}: {
  product: MallProductDetail;
  open: boolean;
  action: 'cart' | 'buy';
  initialSkuId?: number;
  onClose: () => void;
  onConfirm: (v: { sku?: Sku; quantity: number }) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const single = !needsChoice(product) ? product.skus[0] : undefined;
  const [skuId, setSkuId] = useState<number | undefined>(initialSkuId ?? single?.id);
  const sku = product.skus.find((s) => s.id === skuId);
  const stock = sku ? sku.stock : product.skus.length ? 0 : product.stock;
  const [quantity, setQuantity] = useState(1);
  const bounds = quantityBounds(stock);
  const missingSku = product.skus.length > 0 && !sku;
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      closeIcon={<span aria-label={t('state.close')}>×</span>}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }}
    >
      <div className="mall-sku" data-testid="sku-popup">
        <div className="row" style={{ alignItems: 'flex-start' }}>
          <img src={sku?.image || product.image} alt="" className="mall-sku-img" />
          <div>
            <Price price={sku?.price ?? product.price} rate={product.exchange_rate} size="big" />
            <div className="muted">{missingSku ? t('mall.chooseSpec') : t('mall.stock', { n: stock })}</div>
            {sku?.name && <div className="muted">{skuNameIn(sku, lang)}</div>}
          </div>
        </div>
        {needsChoice(product) && (
          <>
            <div className="section-title" style={{ marginTop: 14 }}>
              {t('mall.spec')}
            </div>
            <Selector
              columns={2}
              value={skuId ? [skuId] : []}
              onChange={(v) => {
                const next = product.skus.find((s) => s.id === v[0]);
                setSkuId(next?.id);
                if (next) setQuantity((q) => clampQuantity(q, next.stock));
              }}
              options={product.skus.map((s) => ({
                label: skuNameIn(s, lang) || t('mall.defaultSpec'),
                value: s.id,
                disabled: s.stock < 1,
                description: s.stock < 1 ? t('mall.soldOut') : undefined,
              }))}
              data-testid="sku-options"
            />
          </>
        )}
        <div className="row between" style={{ marginTop: 14 }}>
          <span className="section-title" style={{ margin: 0 }} aria-hidden>
            {t('mall.quantity')}
          </span>
          <NumberBox
            value={quantity}
            stock={stock}
            label={t('mall.quantity')}
            disabled={!bounds.canBuy}
            onChange={setQuantity}
            testId="quantity"
          />
        </div>
        <Button
          block
          color="danger"
          size="large"
          style={{ marginTop: 18 }}
          loading={busy}
          disabled={missingSku || !bounds.canBuy}
          onClick={() => onConfirm({ sku: sku ?? undefined, quantity })}
          data-testid="sku-confirm"
        >
          {!bounds.canBuy && !missingSku ? t('mall.soldOut') : action === 'cart' ? t('mall.addToCart') : t('mall.buyNow')}
        </Button>
      </div>
    </Popup>
  );
}
