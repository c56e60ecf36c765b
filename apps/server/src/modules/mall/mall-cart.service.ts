import { rmb, type CartItem, type Language } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { MallDeps } from './mall.deps.ts';
import type { PricedSku } from './mall-catalogue.port.ts';
import { getMallSettings, type MallSettings } from './mall-settings.ts';
import * as repo from './mall-orders.repository.ts';

export const CART_MAX_LINES = 99;

const sourceOn = (s: MallSettings, source: string) => s.sources.find((x) => x.source === source)?.on ?? true;

/**
 * The cart: one line per SKU per customer, at most 99 lines, quantities 1..stock. Every call works on the
 * caller's own lines only: another customer's line ids are "not found".
 */
export class MallCartService {
  constructor(private readonly d: MallDeps) {}

  private async priced(tx: Tx, line: repo.CartRow): Promise<PricedSku | null> {
    return this.d.catalogue.priced(tx, line.productId, line.skuId).catch(() => null);
  }

  itemView(line: repo.CartRow, p: PricedSku | null, s: MallSettings): CartItem {
    const available = !!p && p.onSale && p.stock >= 1 && line.quantity <= p.stock && sourceOn(s, p.source);
    return {
      id: line.id,
      product_id: line.productId,
      sku_id: line.skuId,
      source: p?.source ?? 'self',
      shop_name: p?.shopName ?? '',
      title: p?.title ?? '',
      title_en: p?.titleEn ?? '',
      image: p?.image ?? '',
      sku_name: p?.skuName ?? '',
      sku_name_en: p?.skuNameEn ?? '',
      quantity: line.quantity,
      price: rmb(p?.priceMinor ?? line.addedPriceMinor),
      added_price: rmb(line.addedPriceMinor),
      stock: p?.stock ?? 0,
      selected: line.selected,
      available,
      air_allowed: p?.airAllowed ?? false,
    };
  }

  async count(userId: number | null) {
    return { count: userId ? await repo.cartCount(this.d.db, userId) : 0 };
  }

  async put(userId: number, i: { product_id: number; sku_id?: number; quantity: number }) {
    const s = await getMallSettings(this.d.db);
    return this.d.db.transaction(async (tx) => {
      const p = await this.d.catalogue.priced(tx, i.product_id, i.sku_id ?? null);
      if (!sourceOn(s, p.source)) throw new DomainError('SOURCE_OFF');
      if (!p.onSale) throw new DomainError('PRODUCT_OFF_SALE');
      const existing = await repo.lineOfSku(tx, userId, p.skuId);
      const quantity = (existing?.quantity ?? 0) + i.quantity;
      if (quantity > p.stock) throw new DomainError('OUT_OF_STOCK', { stock: p.stock });
      let line: repo.CartRow;
      if (existing) line = await repo.updateLine(tx, existing.id, { quantity, addedPriceMinor: p.priceMinor, selected: true });
      else {
        if ((await repo.cartCount(tx, userId)) >= CART_MAX_LINES) throw new DomainError('CART_FULL');
        line = await repo.insertLine(tx, { userId, productId: p.productId, skuId: p.skuId, quantity, addedPriceMinor: p.priceMinor });
      }
      return { cart_count: await repo.cartCount(tx, userId), item: this.itemView(line, p, s) };
    });
  }

  async show(userId: number, _lang?: Language) {
    const s = await getMallSettings(this.d.db);
    const rate = (await this.d.settings.get()).exchange_rate;
    const lines = await repo.cartOf(this.d.db, userId);
    const items: CartItem[] = [];
    for (const l of lines) items.push(this.itemView(l, await this.priced(this.d.db, l), s));
    const groups: { source: CartItem['source']; shop_name: string; items: CartItem[] }[] = [];
    const order = ['jd', 'taobao', '1688', 'pdd', 'self'];
    for (const it of [...items].sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source))) {
      let g = groups.find((x) => x.source === it.source && x.shop_name === it.shop_name);
      if (!g) groups.push((g = { source: it.source, shop_name: it.shop_name, items: [] }));
      g.items.push(it);
    }
    const chosen = items.filter((i) => i.selected && i.available);
    const total = chosen.reduce((a, i) => a + i.price.amount_minor * i.quantity, 0);
    return {
      groups,
      count: items.length,
      selected_count: chosen.length,
      selected_total: rmb(total),
      exchange_rate: rate,
    };
  }

  async remove(userId: number, ids: number[]) {
    return this.d.db.transaction(async (tx) => {
      const mine = await repo.ownLines(tx, userId, ids);
      if (mine.length !== new Set(ids).size) throw new DomainError('CART_ITEM_NOT_FOUND');
      await repo.deleteLines(
        tx,
        userId,
        mine.map((l) => l.id),
      );
      return { cart_count: await repo.cartCount(tx, userId) };
    });
  }

  async update(userId: number, i: { ids: number[]; quantity?: number; selected?: boolean }) {
    await this.d.db.transaction(async (tx) => {
      const mine = await repo.ownLines(tx, userId, i.ids);
      if (mine.length !== new Set(i.ids).size) throw new DomainError('CART_ITEM_NOT_FOUND');
      for (const l of mine) {
        const v: { quantity?: number; selected?: boolean } = {};
        if (i.quantity !== undefined) {
          const p = await this.d.catalogue.priced(tx, l.productId, l.skuId);
          if (i.quantity > p.stock) throw new DomainError('OUT_OF_STOCK', { stock: p.stock });
          v.quantity = i.quantity;
        }
        if (i.selected !== undefined) v.selected = i.selected;
        await repo.updateLine(tx, l.id, v);
      }
    });
    return this.show(userId);
  }
}
