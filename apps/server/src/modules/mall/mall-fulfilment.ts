import { rmbToSgdMinor } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import type { Bill } from '../wallet/index.ts';
import type { MallDeps } from './mall.deps.ts';
import * as repo from './mall-orders.repository.ts';
import { cancellableAtOnce } from './mall-orders.view.ts';
import { changes } from '../audit/index.ts';
import { afterCommit } from '../../db/after-commit.ts';
import { getMallSettings } from './mall-settings.ts';

/**
 * The least time between the starts of two sales folds: a run of payments is counted a few times a second, each
 * fold a transaction of its own, instead of once after every commit.
 */
const FOLD_GAP_MS = 500;

type Which = 'any' | 'jd' | 'self';
type Text = { en: string; zh_CN: string };

/**
 * The order's life after creation: payment and refund (the wallet's bill handlers), cancellation (the
 * customer's and staff review), expiry, staff purchase and shipping into the parcels flow, following the
 * parcel to packed and done, and the rebate. Every change runs in one transaction with the order locked;
 * nothing here opens a second transaction or uses `d.db` inside one (PGlite has one connection).
 */
export class MallFulfilment {
  constructor(private readonly d: MallDeps) {}

  private async notify(tx: Tx, o: repo.OrderRow, key: string, title: Text, body: Text) {
    await this.d.notifications?.notify(tx, {
      userId: o.userId,
      kind: key === 'expired' ? 'bill.due' : 'mall.shipped',
      title,
      body,
      link: `pages/cartOrderDetail/index?id=${o.id}`,
      dedupeKey: `mall.${key}:${o.id}:${Date.now()}`,
    });
  }

  /** A staff move of an order, as the audit log keeps it: the order's fields that changed. */
  private async audit(tx: Tx, before: repo.OrderRow, action: `admin/mall/orders/${string}`) {
    if (!this.d.audit) return;
    const after = await repo.findOrder(tx, before.id);
    const view = (o: repo.OrderRow) => ({
      orderSn: o.orderSn,
      userId: o.userId,
      status: o.status,
      platformOrderNo: o.platformOrderNo,
      purchased: !!o.purchasedAt,
      carrier: o.carrier,
      trackingNo: o.trackingNo,
      parcelId: o.parcelId,
      cancelReason: o.cancelReason,
      cancelRefusedReason: o.cancelRefusedReason,
    });
    await this.d.audit.record(tx, {
      action,
      objectType: 'mall_order',
      objectId: before.id,
      ...changes(view(before), after ? view(after) : null, ['orderSn', 'userId', 'status']),
    });
  }

  private async returnStock(tx: Tx, o: repo.OrderRow) {
    for (const i of o.items) await this.d.catalogue.returnStock(tx, i.skuId, i.quantity);
  }

  // ---- the wallet's bill handlers (inside the payment's / refund's transaction) ------------------

  register() {
    this.d.billing.onPaidMany('mall', (tx, bills) => this.paid(tx, bills));
    this.d.billing.onRefunded('mall', (tx, bill) => this.refunded(tx, bill));
    this.d.wallet.onTopupUnderReview((userId, until) => this.holdForTopup(userId, until));
  }

  /**
   * A customer topping up by PayNow or bank transfer (to pay an order) waits for the bank or staff: their unpaid
   * orders, and the orders' bills, stay payable until that review is due plus the usual time to pay.
   */
  async holdForTopup(userId: number, reviewDue: Date, now = new Date()) {
    const payWithin = (await getMallSettings(this.d.db)).pay_within_minutes * 60_000;
    const until = new Date(reviewDue.getTime() + payWithin);
    await this.d.db.transaction(async (tx) => {
      for (const { id } of await repo.liveUnpaidOf(tx, userId, now)) {
        const o = await repo.findOrder(tx, id, true);
        if (!o || o.status !== 'waiting_pay' || !o.payBefore || o.payBefore.getTime() <= now.getTime()) continue;
        if (o.payBefore.getTime() >= until.getTime()) continue;
        await repo.updateOrder(tx, o.id, { payBefore: until });
        if (o.billId) await this.d.billing.setPayBefore(tx, o.billId, until);
      }
    });
  }

  async paid(tx: Tx, bills: Bill[]) {
    // Refusing rolls the payment back: an order that is no longer waiting for payment is never charged.
    const moved = await repo.markOrdersPaid(
      tx,
      bills.map((b) => b.refId),
      bills[0]?.paidAt ?? new Date(),
    );
    if (bills.some((b) => !moved.has(b.refId))) throw new DomainError('MALL_ORDER_STATE');
    afterCommit(tx, () => this.foldSoon());
  }

  /** The fold running or waiting now, if any; whether a payment committed since it started (it then runs again). */
  private folding: Promise<void> | null = null;
  private foldAgain = false;
  private lastFoldAt = 0;
  /** Ends a fold's wait early (at close); set while one waits. */
  private wake: (() => void) | null = null;
  private stopped = false;

  /**
   * Counts committed sales soon, in a transaction of its own: at once after a quiet spell, otherwise once the gap
   * since the last fold has passed, for all the payments that committed meanwhile. So a run of payments of the same
   * goods takes the product's row once per fold, never inside a payment. A fold that fails leaves its rows to the
   * next one (or the minute's job).
   */
  private foldSoon() {
    if (this.stopped) return;
    if (this.folding) {
      this.foldAgain = true;
      return;
    }
    this.folding = (async () => {
      do {
        const wait = this.lastFoldAt + FOLD_GAP_MS - Date.now();
        if (wait > 0) await this.pause(wait);
        if (this.stopped) break;
        this.foldAgain = false;
        this.lastFoldAt = Date.now();
        await this.foldSales().catch((e: unknown) => console.warn(`mall: counting sales failed, the next fold retries: ${String(e)}`));
      } while (this.foldAgain);
      this.folding = null;
    })();
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wake = null));
  }

  /**
   * The server is closing: a fold that is running finishes; one waiting for its turn is dropped, its sales left for
   * the minute's job of the next start, as after a crash.
   */
  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.salesCounted();
  }

  /** Resolves once the sales of every payment committed so far are counted (for tests). */
  async salesCounted() {
    while (this.folding) await this.folding;
  }

  /**
   * Counts the paid goods' sales on their products (the sales job; tests run it directly). Refunds leave sales
   * as they are, as they always have. Returns how many products moved.
   */
  async foldSales() {
    return this.d.db.transaction(async (tx) => {
      const sold = await repo.takeSalesDeltas(tx);
      await this.d.catalogue.addSales(tx, sold);
      return sold.length;
    });
  }

  /** A refund (a cancellation, or staff refunding the bill in the wallet): cancelled, stock back, rebate reversed. */
  async refunded(tx: Tx, bill: Bill) {
    const o = await repo.findOrder(tx, bill.refId, true);
    if (!o) return;
    let rebate = { rebateCredited: o.rebateCredited, rebateSgdMinor: o.rebateSgdMinor };
    if (o.rebateCredited && o.rebateSgdMinor > 0) {
      await this.d.billing.postReward(tx, { userId: o.userId, amountMinor: -o.rebateSgdMinor, memo: `mall rebate reversed ${o.orderSn}` });
      rebate = { rebateCredited: false, rebateSgdMinor: 0 };
    }
    if (o.status !== 'cancelled' && !o.shippedAt) await this.returnStock(tx, o);
    await repo.updateOrder(tx, o.id, {
      status: 'cancelled',
      cancelledAt: o.cancelledAt ?? new Date(),
      refundMinor: bill.amountMinor,
      ...rebate,
    });
    await this.notify(
      tx,
      o,
      'refunded',
      { en: 'Order cancelled and refunded', zh_CN: '订单已取消并退款' },
      {
        en: `Order ${o.orderSn} was cancelled; ¥${(bill.amountMinor / 100).toFixed(2)} went back to your balance (and the coupon, if any).`,
        zh_CN: `订单 ${o.orderSn} 已取消，¥${(bill.amountMinor / 100).toFixed(2)} 已退回余额（优惠券一并退回）。`,
      },
    );
  }

  // ---- cancelling ----------------------------------------------------------------------------------

  /** The customer's cancel: at once before purchase (own shop: before shipping), else a request staff review. */
  async cancel(userId: number, id: number, reason: string, which: Which) {
    await this.d.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, id, true);
      if (!o || o.userId !== userId) throw new DomainError('MALL_ORDER_NOT_FOUND');
      if ((which === 'jd' && o.source !== 'jd') || (which === 'self' && o.source !== 'self')) throw new DomainError('WRONG_CANCEL_CALL');
      if (['shipped', 'packed', 'done'].includes(o.status)) throw new DomainError('CANCEL_NOT_ALLOWED');
      if (o.status !== 'waiting_pay' && o.status !== 'waiting_ship') throw new DomainError('MALL_ORDER_STATE');
      if (cancellableAtOnce(o) || o.source === 'self') return this.cancelNow(tx, o, reason);
      await repo.updateOrder(tx, o.id, {
        status: 'cancel_pending',
        cancelReason: reason,
        cancelRefusedReason: '',
        cancelRequestedAt: new Date(),
      });
    });
    return id;
  }

  /** Unpaid: the bill is cancelled and the stock returned. Paid: refunded to the wallet (the handler does the rest). */
  private async cancelNow(tx: Tx, o: repo.OrderRow, reason: string) {
    if (o.status === 'waiting_pay') {
      if (o.billId) await this.d.billing.cancelBill(tx, o.billId);
      await this.returnStock(tx, o);
      await repo.updateOrder(tx, o.id, { status: 'cancelled', cancelReason: reason, cancelledAt: new Date() });
      return;
    }
    await repo.updateOrder(tx, o.id, { cancelReason: reason });
    if (!o.billId) throw new DomainError('MALL_ORDER_STATE');
    await this.d.billing.refundBill(tx, o.billId, reason || `mall order ${o.orderSn} cancelled`);
  }

  async reviewCancel(id: number, approve: boolean, reason: string) {
    await this.d.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, id, true);
      if (!o) throw new DomainError('MALL_ORDER_NOT_FOUND');
      if (o.status !== 'cancel_pending') throw new DomainError('MALL_ORDER_STATE');
      if (approve) {
        if (!o.billId) throw new DomainError('MALL_ORDER_STATE');
        await this.d.billing.refundBill(tx, o.billId, reason || `mall order ${o.orderSn} cancelled`);
        await this.audit(tx, o, 'admin/mall/orders/cancel-review');
        return;
      }
      await repo.updateOrder(tx, o.id, { status: 'waiting_ship', cancelRefusedReason: reason });
      await this.audit(tx, o, 'admin/mall/orders/cancel-review');
      await this.notify(
        tx,
        o,
        'refused',
        { en: 'Cancellation refused', zh_CN: '取消申请未通过' },
        { en: `Order ${o.orderSn} cannot be cancelled: ${reason}`, zh_CN: `订单 ${o.orderSn} 不能取消：${reason}` },
      );
    });
  }

  /** Staff cancel an order they cannot buy: unpaid → bill cancelled; paid, not shipped → refunded at once. */
  async staffCancel(id: number, reason: string) {
    await this.d.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, id, true);
      if (!o) throw new DomainError('MALL_ORDER_NOT_FOUND');
      if (['shipped', 'packed', 'done'].includes(o.status)) throw new DomainError('CANCEL_NOT_ALLOWED');
      if (o.status === 'cancelled') throw new DomainError('MALL_ORDER_STATE');
      if (o.status === 'waiting_pay') await this.cancelNow(tx, o, reason);
      else {
        await repo.updateOrder(tx, o.id, { cancelReason: reason });
        if (!o.billId) throw new DomainError('MALL_ORDER_STATE');
        await this.d.billing.refundBill(tx, o.billId, reason);
      }
      await this.audit(tx, o, 'admin/mall/orders/cancel');
    });
  }

  // ---- expiry -------------------------------------------------------------------------------------

  /** Cancels unpaid orders past pay_before: the bill cancelled, the stock returned, the customer told. */
  async expireDue(now = new Date()) {
    const due = await repo.expiredUnpaid(this.d.db, now);
    let n = 0;
    for (const { id } of due) {
      const done = await this.d.db.transaction(async (tx) => {
        const o = await repo.findOrder(tx, id, true);
        if (!o || o.status !== 'waiting_pay' || !o.payBefore || o.payBefore.getTime() > now.getTime()) return false;
        if (o.billId) {
          const bill = await this.d.billing.findBill(tx, 'mall', o.id);
          if (bill && bill.status !== 'unpaid' && bill.status !== 'cancelled') return false;
          await this.d.billing.cancelBill(tx, o.billId);
        }
        await this.returnStock(tx, o);
        await repo.updateOrder(tx, o.id, { status: 'cancelled', cancelReason: 'expired', cancelledAt: now });
        await this.notify(
          tx,
          o,
          'expired',
          { en: 'Order expired', zh_CN: '订单已失效' },
          {
            en: `Order ${o.orderSn} was not paid in time and has expired.`,
            zh_CN: `订单 ${o.orderSn} 未在规定时间内支付，已失效。`,
          },
        );
        return true;
      });
      if (done) n += 1;
    }
    return n;
  }

  // ---- staff fulfilment ------------------------------------------------------------------------------

  async purchase(id: number, platformOrderNo: string) {
    await this.d.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, id, true);
      if (!o) throw new DomainError('MALL_ORDER_NOT_FOUND');
      if (o.status !== 'waiting_ship' || o.purchasedAt) throw new DomainError('MALL_ORDER_STATE');
      // Our own shop picks from our stock (taken when the order was made); a platform order needs its number.
      if (o.source !== 'self' && !platformOrderNo.trim()) throw new ValidationError('rule.required', { field: 'platform_order_no' });
      await repo.updateOrder(tx, o.id, { purchasedAt: new Date(), platformOrderNo: platformOrderNo.trim() || o.orderSn });
      await this.audit(tx, o, 'admin/mall/orders/purchase');
    });
  }

  async ship(id: number, carrier: string, trackingNo: string) {
    await this.d.db.transaction(async (tx) => {
      const o = await repo.findOrder(tx, id, true);
      if (!o) throw new DomainError('MALL_ORDER_NOT_FOUND');
      if (o.status !== 'waiting_ship' || !o.purchasedAt) throw new DomainError('MALL_ORDER_STATE');
      const first = o.items[0];
      const goodsName = o.items.length > 1 ? `${first.title} +${o.items.length - 1}` : first.title;
      const { parcelId } = await this.d.parcels.declareForMall(tx, {
        userId: o.userId,
        trackingNo: trackingNo.trim(),
        carrier: carrier.trim(),
        goodsName,
        goodsValueMinor: o.goodsTotalMinor,
        quantity: o.itemCount,
        shippingMode: o.shippingMode as 'GROUP' | 'SEA' | 'AIR',
      });
      await repo.updateOrder(tx, o.id, {
        status: 'shipped',
        shippedAt: new Date(),
        carrier: carrier.trim(),
        trackingNo: trackingNo.trim(),
        parcelId,
        cancelRefusedReason: o.cancelRefusedReason,
      });
      await this.audit(tx, o, 'admin/mall/orders/ship');
      await this.notify(
        tx,
        o,
        'shipped',
        { en: 'Your mall order has shipped', zh_CN: '您的商城订单已发货' },
        {
          en: `Order ${o.orderSn} is on its way to our warehouse (${carrier} ${trackingNo}); it will travel with your parcels.`,
          zh_CN: `订单 ${o.orderSn} 已发往仓库（${carrier} ${trackingNo}），将与您的包裹一起集运。`,
        },
      );
    });
  }

  // ---- following the parcel; the rebate -------------------------------------------------------------

  /**
   * Moves shipped orders on when their parcel was packed (packed) or delivered / received (done), and
   * credits the rebate when done. Run on demand when the customer reads orders, and by a job.
   */
  async followParcels(userId: number | null, onlyId?: number) {
    const rows = await repo.followingParcel(this.d.db, userId);
    const ids = rows.map((r) => r.id).filter((id) => onlyId === undefined || id === onlyId);
    if (!ids.length) return 0;
    const rate = (await this.d.settings.get()).exchange_rate;
    let moved = 0;
    for (const id of ids) if (await this.d.db.transaction((tx) => this.follow(tx, id, rate))) moved += 1;
    return moved;
  }

  private async follow(tx: Tx, id: number, rate: string) {
    const o = await repo.findOrder(tx, id, true);
    if (!o || !o.parcelId || (o.status !== 'shipped' && o.status !== 'packed')) return false;
    const st = await this.d.parcels.parcelState(tx, o.parcelId);
    if (!st) return false;
    if (st.doneAt) {
      const rebateSgd = o.rebateMinor > 0 && !o.rebateCredited ? rmbToSgdMinor(o.rebateMinor, rate) : 0;
      let credited = 0;
      if (rebateSgd > 0)
        credited = await this.d.billing.postReward(tx, { userId: o.userId, amountMinor: rebateSgd, memo: `mall rebate ${o.orderSn}` });
      await repo.updateOrder(tx, o.id, {
        status: 'done',
        packedAt: o.packedAt ?? st.packedAt ?? st.doneAt,
        doneAt: st.doneAt,
        ...(credited > 0 ? { rebateCredited: true, rebateSgdMinor: credited } : {}),
      });
      return true;
    }
    if (st.packedAt && o.status === 'shipped') {
      await repo.updateOrder(tx, o.id, { status: 'packed', packedAt: st.packedAt });
      return true;
    }
    return false;
  }
}
