import { randomBytes } from 'node:crypto';
import type { Language, MallOrderStatus, MallShippingMode } from '@pinyou/contract';
import { mallOrderStatuses, rmb, sgd, type Money } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountPort, type AccountAddress } from '../account/index.ts';
import { toWalletMinor } from '../wallet/index.ts';
import type { MallDeps } from './mall.deps.ts';
import { getMallSettings } from './mall-settings.ts';
import * as repo from './mall-orders.repository.ts';
import { adminOrderView, orderView } from './mall-orders.view.ts';
import { logisticsOf } from './mall-logistics.ts';
import type { MallSource } from '@pinyou/contract';
import {
  checkMode,
  freightEstimate,
  planItemView,
  planOrders,
  shippingModes,
  type PlanOrder,
  type SettleInput,
} from './mall-settlement.ts';
import type { MallFulfilment } from './mall-fulfilment.ts';

/** "M" + UTC yymmddHHMMSS + 6 random hex. */
const newOrderSn = () => `M${new Date().toISOString().replace(/[-:T]/g, '').slice(2, 14)}${randomBytes(3).toString('hex').toUpperCase()}`;
const sgt = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const addressText = (a: AccountAddress) => `${a.receiver} ${a.phone} ${a.district} ${a.address} ${a.postcode}`.replace(/\s+/g, ' ').trim();

/** Settlement, order creation and the customer's order centre. */
export class MallOrdersService {
  constructor(
    private readonly d: MallDeps,
    private readonly f: MallFulfilment,
  ) {}

  private async rate() {
    return (await this.d.settings.get()).exchange_rate;
  }

  async tradeInfo(userId: number, input: SettleInput & { shipping_mode?: MallShippingMode }, lang: Language) {
    const s = await getMallSettings(this.d.db);
    const rate = await this.rate();
    const group = await this.d.groups.groupOf(userId);
    const orders = await planOrders(this.d.db, this.d, userId, input, s);
    const sum = (k: 'goodsTotalMinor' | 'inlandFreightMinor' | 'rebateMinor' | 'totalMinor') => orders.reduce((a, o) => a + o[k], 0);
    const total = sum('totalMinor');
    const coupons = await this.d.wallet.previewCoupons(
      userId,
      orders.map((o) => ({ kind: 'mall' as const, grossMinor: toWalletMinor('RMB', o.totalMinor, rate) })),
      lang,
    );
    const addr = await accountPort.defaultAddress(this.d.db, userId);
    const modes = shippingModes(orders, !!group, lang);
    const estimate = await freightEstimate(this.d.db, this.d, orders, modes, input.shipping_mode);
    const views = orders.map((o) => ({
      source: o.source,
      shop_name: o.shopName,
      items: o.lines.map(planItemView),
      goods_total: rmb(o.goodsTotalMinor),
      inland_freight: rmb(o.inlandFreightMinor),
      rebate: rmb(o.rebateMinor),
      total: rmb(o.totalMinor),
    }));
    return {
      orders: views,
      goods_total: rmb(sum('goodsTotalMinor')),
      inland_freight: rmb(sum('inlandFreightMinor')),
      rebate: rmb(sum('rebateMinor')),
      total: rmb(total),
      total_sgd: sgd(orders.reduce((a, o) => a + toWalletMinor('RMB', o.totalMinor, rate), 0)),
      exchange_rate: rate,
      shipping_modes: modes,
      default_address: addr
        ? { id: addr.id, receiver: addr.receiver, phone: addr.phone, district: addr.district, address: addr.address }
        : null,
      group,
      price_changed: views.some((o) => o.items.some((i) => i.price_changed)),
      coupons: coupons.map((c) => ({ id: c.id, name: c.name, discount: sgd(c.discount_minor), usable: c.usable })),
      pay_within_minutes: s.pay_within_minutes,
      freight_estimate: estimate,
    };
  }

  async createOrder(
    userId: number,
    input: SettleInput & {
      shipping_mode: MallShippingMode;
      address_id?: number;
      remark: string;
      expected_total?: Money;
      idempotency_key: string;
    },
  ) {
    const s = await getMallSettings(this.d.db);
    const rate = await this.rate();
    const group = await this.d.groups.groupOf(userId);
    const created = await this.d.db.transaction(async (tx) => {
      const requestId = await repo.claimRequest(tx, userId, input.idempotency_key);
      if (requestId === null) {
        const req = await repo.findRequest(tx, userId, input.idempotency_key);
        return { replayed: true, orders: req ? await repo.ordersOfRequest(tx, req.id) : [] };
      }
      const plan = await planOrders(tx, this.d, userId, input, s);
      checkMode(plan, input.shipping_mode, !!group);
      let deliverTo = '';
      if (input.shipping_mode === 'GROUP') deliverTo = `${group!.leader_name} ${group!.address}`.trim();
      else {
        const a = input.address_id
          ? await accountPort.ownedAddress(tx, userId, input.address_id)
          : await accountPort.defaultAddress(tx, userId);
        if (!a) throw new DomainError(input.address_id ? 'ADDRESS_NOT_FOUND' : 'ADDRESS_REQUIRED');
        deliverTo = addressText(a);
      }
      const total = plan.reduce((a, o) => a + o.totalMinor, 0);
      // The echo of getTradeInfo's total: RMB like the orders; any other currency or amount is not what is due today.
      const expected = input.expected_total;
      if (expected !== undefined && (expected.currency !== 'RMB' || expected.amount_minor !== total))
        throw new DomainError('PRICE_CHANGED', {}, { total: rmb(total) });
      const payBefore = new Date(Date.now() + s.pay_within_minutes * 60_000);
      const rows: repo.OrderRow[] = [];
      for (const o of plan) rows.push(await this.insertOrder(tx, userId, o, { requestId, payBefore, deliverTo, group, input }));
      const cartIds = plan.flatMap((o) => o.lines.map((l) => l.cartId)).filter((x): x is number => x !== null);
      await repo.deleteLines(tx, userId, cartIds);
      return { replayed: false, orders: rows };
    });
    if (!created.orders.length) throw new DomainError('CART_EMPTY');
    if (!created.replayed) for (const o of created.orders) if (o.billId) await this.d.billing.afterIssued(o.billId);
    const orders = await repo.ordersByIds(
      this.d.db,
      created.orders.map((o) => o.id),
    );
    return {
      orders: orders.map((o) => orderView(o)),
      bill_ids: orders.map((o) => o.billId).filter((x): x is number => x !== null),
      total: rmb(orders.reduce((a, o) => a + o.totalMinor, 0)),
      total_sgd: sgd(orders.reduce((a, o) => a + toWalletMinor('RMB', o.totalMinor, rate), 0)),
      pay_before: orders[0]?.payBefore?.toISOString() ?? null,
    };
  }

  private async insertOrder(
    tx: Tx,
    userId: number,
    o: PlanOrder,
    c: {
      requestId: number;
      payBefore: Date;
      deliverTo: string;
      group: { id: number; leader_name: string } | null;
      input: { shipping_mode: MallShippingMode; remark: string };
    },
  ) {
    for (const l of o.lines) await this.d.catalogue.takeStock(tx, l.p.skuId, l.quantity);
    const grouped = c.input.shipping_mode === 'GROUP';
    const row = await repo.insertOrder(tx, {
      orderSn: newOrderSn(),
      userId,
      source: o.source,
      shopName: o.shopName,
      status: 'waiting_pay',
      items: o.lines.map((l) => ({
        productId: l.p.productId,
        skuId: l.p.skuId,
        title: l.p.title,
        titleEn: l.p.titleEn,
        image: l.p.image,
        skuName: l.p.skuName,
        skuNameEn: l.p.skuNameEn,
        quantity: l.quantity,
        priceMinor: l.p.priceMinor,
        rebateMinor: l.p.rebateMinor * l.quantity,
        weightG: l.p.weightG,
        airAllowed: l.p.airAllowed,
      })),
      itemCount: o.lines.reduce((a, l) => a + l.quantity, 0),
      goodsTotalMinor: o.goodsTotalMinor,
      inlandFreightMinor: o.inlandFreightMinor,
      totalMinor: o.totalMinor,
      rebateMinor: o.rebateMinor,
      shippingMode: c.input.shipping_mode,
      deliverTo: c.deliverTo,
      groupId: grouped ? (c.group?.id ?? null) : null,
      leaderName: grouped ? (c.group?.leader_name ?? '') : '',
      remark: c.input.remark,
      payBefore: c.payBefore,
      requestId: c.requestId,
    });
    const lines = [{ code: 'mall_goods', label: { en: 'Goods', zh_CN: '商品' }, amountMinor: o.goodsTotalMinor }];
    if (o.inlandFreightMinor > 0)
      lines.push({ code: 'inland_freight', label: { en: 'Mainland shipping', zh_CN: '国内运费' }, amountMinor: o.inlandFreightMinor });
    const bill = await this.d.billing.issueBill(tx, {
      userId,
      kind: 'mall',
      refId: row.id,
      currency: 'RMB',
      amountMinor: o.totalMinor,
      lines,
      description: { en: `Mall order ${row.orderSn}`, zh_CN: `商城订单 ${row.orderSn}` },
      payBefore: c.payBefore,
      groupId: row.groupId,
    });
    await this.d.notifications?.notify(tx, {
      userId,
      kind: 'bill.due',
      title: { en: 'Order placed: pay in time', zh_CN: '订单已提交，请按时支付' },
      body: {
        en: `Order ${row.orderSn}: pay ¥${(o.totalMinor / 100).toFixed(2)} before ${sgt(c.payBefore)} (Singapore time) or the order expires.`,
        zh_CN: `订单 ${row.orderSn}：请在新加坡时间 ${sgt(c.payBefore)} 前支付 ¥${(o.totalMinor / 100).toFixed(2)}，否则订单将失效。`,
      },
      link: `pages/cartOrderDetail/index?id=${row.id}`,
      dedupeKey: `mall.created:${row.id}`,
    });
    return repo.updateOrder(tx, row.id, { billId: bill.id });
  }

  // ---- the order centre --------------------------------------------------------------------------

  async mine(userId: number, id: number, tx: Tx = this.d.db) {
    const o = await repo.findOrder(tx, id);
    if (!o || o.userId !== userId) throw new DomainError('MALL_ORDER_NOT_FOUND');
    return o;
  }

  async records(userId: number, q: { status?: MallOrderStatus; page: number; page_size: number }) {
    await this.f.followParcels(userId);
    const { rows, total } = await repo.listOrders(this.d.db, { userId, status: q.status }, q);
    return { list: rows.map((o) => orderView(o)), total, page: q.page, page_size: q.page_size };
  }

  async recordsCount(userId: number) {
    await this.f.followParcels(userId);
    const m = await repo.statusCounts(this.d.db, { userId });
    const counts = Object.fromEntries(mallOrderStatuses.map((s) => [s, m.get(s) ?? 0])) as Record<MallOrderStatus, number>;
    return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  }

  async detail(userId: number, id: number) {
    await this.mine(userId, id);
    await this.f.followParcels(userId, id);
    return orderView(await this.mine(userId, id));
  }

  async logistics(userId: number, id: number, lang: Language) {
    await this.mine(userId, id);
    await this.f.followParcels(userId, id);
    return logisticsOf(this.d, await this.mine(userId, id), lang);
  }

  // ---- staff -------------------------------------------------------------------------------------

  async adminList(q: { status?: MallOrderStatus; source?: MallSource; keyword: string; page: number; page_size: number }) {
    // Statuses that follow a parcel are brought up to date by the job (every ten minutes) and on each detail read.
    const keyword = q.keyword.trim();
    const userIds = keyword ? (await accountPort.searchUsers(this.d.db, keyword)).map((u) => u.id) : [];
    const filter = { status: q.status, source: q.source, keyword: keyword || undefined, userIds };
    const { rows, total } = await repo.listOrders(this.d.db, filter, q);
    const accounts = await accountPort.userAccounts(
      this.d.db,
      rows.map((r) => r.userId),
    );
    const m = await repo.statusCounts(this.d.db, { source: q.source, keyword: keyword || undefined, userIds });
    return {
      list: rows.map((o) => adminOrderView(o, accounts.get(o.userId) ?? '')),
      total,
      page: q.page,
      page_size: q.page_size,
      counts: Object.fromEntries(mallOrderStatuses.map((s) => [s, m.get(s) ?? 0])) as Record<MallOrderStatus, number>,
    };
  }

  async adminDetail(id: number) {
    await this.f.followParcels(null, id);
    const o = await repo.findOrder(this.d.db, id);
    if (!o) throw new DomainError('MALL_ORDER_NOT_FOUND');
    return adminOrderView(o, (await accountPort.findUser(this.d.db, o.userId))?.userAccount ?? '');
  }
}
