import { useEffect, useState } from 'react';
import { Button, Empty, NavBar, Swiper } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translation.ts';
import type { MallProductDetail } from '@pinyou/contract';
import { loadGate } from '../../../components/query-state.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { toast } from '../../../lib/feedback.ts';
import { isLoggedIn } from '../../../lib/session.ts';
import { paths, type RoutePath } from '../../../lib/paths.ts';
import { useProductDetail } from '../api/product-detail.ts';
import { useAddToCart } from '../api/add-to-cart.ts';
import { useSellerIm } from '../api/seller-im.ts';
import { usePddUrl } from '../api/pdd-url.ts';
import { deliveryDays, detailPathOf, inlandShipping, skuNameIn, sourceTraits, titleIn } from '../model.ts';
import { CartButton } from './cart-button.tsx';
import { Price } from './price.tsx';
import { SourceTag } from './source-tag.tsx';
import { needsChoice, SkuPopup, type Sku } from './sku-popup.tsx';

/**
 * The one goods detail of every source (cargojdDetail, cargotbDetail for Taobao and PDD, cargo1688Detail,
 * cargoltzyDetail for our own shop), with the per-source differences from `sourceTraits`: JD's free
 * shipping over ¥59, PDD's link to its own app, our own shop's customer service being our chat.
 * A product opened on another source's page moves to its own page.
 */
export function ProductDetail({ route, id }: { route: RoutePath; id: number }) {
  const { t } = useTranslation();
  const q = useProductDetail(id);
  const p = q.data;
  useEffect(() => {
    if (p && detailPathOf[p.source] !== route) nav.redirectTo(detailPathOf[p.source], { id: p.id });
  }, [p, route]);

  const bar = (
    <NavBar className="mall-nav" onBack={() => nav.navigateBack(paths.mall)} right={<CartButton />} style={{ background: '#fff' }}>
      {t(`titles.${route}`)}
    </NavBar>
  );
  const gate = loadGate(q);
  if (gate || !p)
    return (
      <div>
        {bar}
        {gate ?? <Empty description={t('mall.productMissing')} />}
      </div>
    );
  return (
    <div className="mall-detail" data-testid="product-detail" data-source={p.source}>
      {bar}
      <DetailBody p={p} />
    </div>
  );
}

function DetailBody({ p }: { p: MallProductDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [popup, setPopup] = useState<null | 'cart' | 'buy'>(null);
  const [chosen, setChosen] = useState<{ sku?: Sku; quantity: number } | null>(null);
  const add = useAddToCart();
  const im = useSellerIm();
  const pdd = usePddUrl();
  const traits = sourceTraits[p.source];
  const images = p.images.length ? p.images : [p.image];
  const unit = chosen?.sku?.price ?? p.price;
  const ship = inlandShipping(p.source, p, unit.amount_minor * (chosen?.quantity ?? 1));
  const sea = deliveryDays('sea');
  const air = deliveryDays('air');
  const description = lang === 'en' && p.description_en ? p.description_en : p.description;
  const canBuy = p.on_sale && p.stock > 0;

  const requireLogin = () => {
    if (isLoggedIn()) return true;
    nav.navigateTo(paths.infoEdit, { isLogin: 1 });
    return false;
  };
  const open = (action: 'cart' | 'buy') => {
    if (requireLogin()) setPopup(action);
  };
  const confirm = async (v: { sku?: Sku; quantity: number }) => {
    setChosen(v);
    if (popup === 'buy') {
      setPopup(null);
      nav.navigateTo(paths.cartSettlement, { product_id: p.id, sku_id: v.sku?.id, quantity: v.quantity });
      return;
    }
    const r = await add.mutateAsync({ productId: p.id, skuId: v.sku?.id, quantity: v.quantity }).catch(() => null);
    if (r) {
      setPopup(null);
      toast(t('mall.added'), 'success');
    }
  };
  const contactSeller = async () => {
    const r = await im.mutateAsync(p.id).catch(() => null);
    if (!r) return;
    if (r.kind === 'ours' || !r.url) nav.navigateTo(paths.customerService);
    else window.open(r.url, '_blank', 'noopener');
  };
  const openInPdd = async () => {
    const r = await pdd.mutateAsync(p.id).catch(() => null);
    if (r?.mobile_url || r?.url) window.open(r.mobile_url || r.url, '_blank', 'noopener');
  };

  return (
    <>
      <Swiper
        className="mall-swiper"
        autoplay={images.length > 1}
        autoplayInterval={3000}
        loop={images.length > 1}
        indicatorProps={{ color: 'white' }}
        aria-label={t('mall.pictures')}
      >
        {images.map((src, i) => (
          <Swiper.Item key={`${src}-${i}`}>
            <img src={src} alt={t('mall.pictureOf', { n: i + 1, total: images.length })} className="mall-swiper-img" />
          </Swiper.Item>
        ))}
      </Swiper>
      <div className="section mall-detail-head">
        <div className="row between" style={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Price price={unit} rate={p.exchange_rate} sgd={chosen?.sku ? undefined : p.price_sgd} size="big" testId="detail-price" />
          {p.original_price.amount_minor > p.price.amount_minor && <s className="muted">{formatMoney(p.original_price)}</s>}
        </div>
        <h1 className="mall-detail-title" data-testid="detail-title">
          {titleIn(p, lang)}
        </h1>
        <div className="row" style={{ flexWrap: 'wrap' }}>
          <SourceTag source={p.source} />
          <span className="muted">{traits.ownShop ? t('mall.ownShop') : p.shop_name}</span>
        </div>
        <div className="row between muted" style={{ marginTop: 6 }}>
          <span>{t('mall.sold', { n: p.sales })}</span>
          <span>{t('mall.rateLine', { rate: p.exchange_rate })}</span>
        </div>
        {!p.on_sale && <div className="mall-warn">{t('mall.offSale')}</div>}
        {p.on_sale && p.sold_out && <div className="mall-warn">{t('mall.soldOut')}</div>}
      </div>
      <div className="section mall-info" data-testid="detail-info">
        {needsChoice(p) && (
          <button type="button" className="mall-info-row" onClick={() => open('cart')} data-testid="choose-spec">
            <span className="k">{t('mall.spec')}</span>
            <span className="v">{chosen?.sku ? `${skuNameIn(chosen.sku, lang)} × ${chosen.quantity}` : t('mall.chooseSpec')}</span>
          </button>
        )}
        <div className="mall-info-row" data-testid="inland-shipping">
          <span className="k">{t('mall.inland')}</span>
          <span className="v">
            {ship.kind === 'free'
              ? t('mall.inlandFree')
              : ship.kind === 'freeOver'
                ? t('mall.inlandFreeOver', { over: formatMoney(ship.over), fee: formatMoney(ship.freight) })
                : formatMoney(ship.freight)}
          </span>
        </div>
        <div className="mall-info-row" data-testid="delivery">
          <span className="k">{t('mall.delivery')}</span>
          <span className="v">
            <span className="block">{t('mall.deliverySea', { from: sea[0], to: sea[1] })}</span>
            <span className="block">{p.air_allowed ? t('mall.deliveryAir', { from: air[0], to: air[1] }) : t('mall.seaOnly')}</span>
          </span>
        </div>
        {p.rebate.amount_minor > 0 && (
          <div className="mall-info-row" data-testid="rebate">
            <span className="k">{t('mall.rebate')}</span>
            <span className="v mall-rebate">{t('mall.rebateEach', { amount: formatMoney(p.rebate) })}</span>
          </div>
        )}
        {traits.platformLink && (
          <button type="button" className="mall-info-row" onClick={() => void openInPdd()} data-testid="open-platform">
            <span className="k">{t('mall.source.pdd')}</span>
            <span className="v">{t('mall.openInPdd')}</span>
          </button>
        )}
      </div>
      {description && (
        <div className="section">
          <div className="section-title">{t('mall.description')}</div>
          <div className="mall-description">{description}</div>
        </div>
      )}
      <div className="mall-actionbar">
        <button
          type="button"
          className="mall-icon-btn"
          onClick={() => void contactSeller()}
          disabled={!p.seller_im && !traits.ownShop}
          data-testid="seller-im"
        >
          <MessageOutline fontSize={20} aria-hidden />
          <span>{traits.ownShop ? t('mall.service') : t('mall.seller')}</span>
        </button>
        <CartButton />
        <Button color="warning" fill="solid" className="mall-add" disabled={!canBuy} onClick={() => open('cart')} data-testid="add-to-cart">
          {t('mall.addToCart')}
        </Button>
        <Button color="danger" className="mall-buy" disabled={!canBuy} onClick={() => open('buy')} data-testid="buy-now">
          {t('mall.buyNow')}
        </Button>
      </div>
      {popup && (
        <SkuPopup
          product={p}
          open
          action={popup}
          initialSkuId={chosen?.sku?.id}
          onClose={() => setPopup(null)}
          onConfirm={(v) => void confirm(v)}
          busy={add.isPending}
        />
      )}
    </>
  );
}
