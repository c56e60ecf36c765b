import { sgd, type Language } from '@pinyou/contract';
import { DomainError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import { toWalletMinor } from '../wallet/index.ts';
import type { MallDeps } from './mall.deps.ts';
import * as repo from './mall-orders.repository.ts';
import { orderView } from './mall-orders.view.ts';

/**
 * Paying orders by WeChat Pay: a wallet top-up of the orders' SGD amount (the wallet's recharge flow,
 * its notification and query), whose arrival credits the balance and then pays the orders' bills. Money
 * that arrives when the orders can no longer be paid (expired, cancelled) stays in the balance: never lost.
 */
export class MallWxpayService {
  constructor(private readonly d: MallDeps) {}

  private view(w: repo.WxpayRow) {
    return {
      out_trade_no: w.outTradeNo,
      amount_sgd: sgd(w.amountSgdMinor),
      jsapi: w.jsapi ?? null,
      pay_url: w.payUrl ?? null,
      mini_program_path: `pages/pay/wxpay?out_trade_no=${encodeURIComponent(w.outTradeNo)}&amount=${w.amountSgdMinor}`,
    };
  }

  async start(userId: number, i: { ids: number[]; idempotency_key: string }, ctx: { lang: Language; ip: string }) {
    const existing = await repo.wxpayByKey(this.d.db, userId, i.idempotency_key);
    if (existing) return this.view(existing);
    const ids = [...new Set(i.ids)];
    const orders = await repo.ordersByIds(this.d.db, ids);
    if (orders.length !== ids.length || orders.some((o) => o.userId !== userId)) throw new DomainError('MALL_ORDER_NOT_FOUND');
    const now = Date.now();
    for (const o of orders) {
      if (o.status === 'waiting_pay' && o.payBefore && o.payBefore.getTime() <= now) throw new DomainError('MALL_ORDER_EXPIRED');
      if (o.status === 'cancelled' && o.cancelReason === 'expired') throw new DomainError('MALL_ORDER_EXPIRED');
      if (o.status !== 'waiting_pay' || !o.billId) throw new DomainError('MALL_ORDER_STATE');
    }
    const rate = (await this.d.settings.get()).exchange_rate;
    const amount = orders.reduce((a, o) => a + toWalletMinor('RMB', o.totalMinor, rate), 0);
    const user = await accountPort.findUser(this.d.db, userId);
    const topup = await this.d.wallet.createWechatTopup(userId, amount, {
      lang: ctx.lang,
      ip: ctx.ip,
      tradeType: user?.wechatOpenid ? 'jsapi' : 'h5',
    });
    const row = await repo.insertWxpay(this.d.db, {
      userId,
      idempotencyKey: i.idempotency_key,
      outTradeNo: topup.orderNo,
      orderIds: orders.map((o) => o.id),
      billIds: orders.map((o) => o.billId!),
      amountSgdMinor: amount,
      payUrl: topup.payUrl,
      jsapi: topup.jsapi,
    });
    // A twin request with the same key won the insert: answer with its payment.
    return this.view(row ?? (await repo.wxpayByKey(this.d.db, userId, i.idempotency_key))!);
  }

  /** The top-up was credited (after its commit): pay the bills from it, or keep the money in the balance. */
  async arrived(userId: number, orderNo: string) {
    const w = await repo.wxpayByNo(this.d.db, orderNo);
    if (!w || w.userId !== userId || w.status === 'paid') return;
    let outcome = 'paid';
    try {
      await this.d.wallet.pay(userId, { billIds: w.billIds, idempotencyKey: `mall-wx-${w.outTradeNo}` });
    } catch (e) {
      outcome = e instanceof DomainError ? e.name : 'FAILED';
    }
    await this.d.db.transaction(async (tx) => {
      await repo.updateWxpay(tx, w.id, { status: 'paid', outcome });
      if (outcome !== 'paid')
        await this.d.notifications?.notify(tx, {
          userId,
          kind: 'bill.due',
          title: { en: 'Payment kept in your balance', zh_CN: '付款已存入余额' },
          body: {
            en: `Your WeChat payment of S$${(w.amountSgdMinor / 100).toFixed(2)} arrived after the orders could no longer be paid; it is in your balance.`,
            zh_CN: `您的微信付款 S$${(w.amountSgdMinor / 100).toFixed(2)} 到账时订单已无法支付，款项已存入您的余额。`,
          },
          link: 'pages/my/wallet',
          dedupeKey: `mall.wxkept:${w.id}`,
        });
    });
  }

  async result(userId: number, outTradeNo: string, lang: Language) {
    let w = await repo.wxpayByNo(this.d.db, outTradeNo);
    if (!w || w.userId !== userId) throw new DomainError('MALL_ORDER_NOT_FOUND');
    if (w.status === 'pending') {
      const st = await this.d.wallet.topupStatus(userId, outTradeNo, lang).catch(() => 'pending' as const);
      w = (await repo.wxpayByNo(this.d.db, outTradeNo))!;
      if (st === 'paid' && w.status === 'pending') {
        await this.arrived(userId, outTradeNo);
        w = (await repo.wxpayByNo(this.d.db, outTradeNo))!;
      } else if ((st === 'closed' || st === 'rejected') && w.status === 'pending') {
        await repo.updateWxpay(this.d.db, w.id, { status: 'closed' });
        w = { ...w, status: 'closed' };
      }
    }
    const orders = await repo.ordersByIds(this.d.db, w.orderIds);
    return { status: w.status as 'pending' | 'paid' | 'closed', orders: orders.map((o) => orderView(o)) };
  }
}
