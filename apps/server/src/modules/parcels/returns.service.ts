import { returnSearchFee, type Language } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { Bill } from '../wallet/index.ts';
import { accountPort } from '../account/index.ts';
import * as repo from './parcels.repository.ts';
import { toReturn } from './parcels.view.ts';
import { stateError, type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';
import { changes } from '../audit/index.ts';

/** Returns to a Chinese address: the search fee's bill, staff review, sending. */
export class ReturnsService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {
    ctx.billing.onPaid('return', (tx, bill) => this.returnPaid(tx, bill));
  }

  private async returnView(tx: Tx, r: repo.ReturnRow, lang: Language) {
    return toReturn(r, await repo.findParcelsByIds(tx, r.parcelIds), lang);
  }

  /** Search fee (spec §9): the contract's rule, shared with the web's estimate. */
  static returnFee(pieces: number, isLeader: boolean) {
    return returnSearchFee(pieces, isLeader);
  }

  async applyReturn(
    userId: number,
    i: { parcel_ids: number[]; consignee: string; phone: string; address: string; postcode: string },
    lang: Language,
  ) {
    return this.ctx.db.transaction(async (tx) => {
      const unique = [...new Set(i.parcel_ids)];
      const rows = await repo.findOwnedParcelsByIds(tx, userId, unique);
      if (rows.length !== unique.length) throw new DomainError('OBJECT_NOT_FOUND');
      for (const p of rows)
        if (p.status !== 'warehouse' || p.packId || p.returnId)
          throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
      const u = await accountPort.findUser(tx, userId);
      const r = await repo.insertReturn(tx, {
        userId,
        parcelIds: unique,
        consignee: i.consignee,
        phone: i.phone,
        address: i.address,
        postcode: i.postcode,
        feeMinor: ReturnsService.returnFee(unique.length, u?.examineStatus === 1),
      });
      await repo.updateParcelsByIds(tx, unique, { status: 'return', returnId: r.id });
      await repo.insertParcelEvents(
        tx,
        unique.map((parcelId) => ({ parcelId, event: 'return_applied' })),
      );
      return this.returnView(tx, r, lang);
    });
  }

  async returnList(userId: number, q: Page, lang: Language) {
    const { rows, total } = await repo.findReturnsPage(this.ctx.db, { userId }, q);
    return { list: await Promise.all(rows.map((r) => this.returnView(this.ctx.db, r, lang))), total, page: q.page, page_size: q.page_size };
  }

  private async ownedReturn(tx: Tx, userId: number, id: number, lock = false) {
    const r = await repo.findOwnedReturn(tx, userId, id, lock);
    if (!r) throw new DomainError('OBJECT_NOT_FOUND');
    return r;
  }

  /** The return's bill for the wallet's pay calls; tries auto-pay first. */
  async returnPay(userId: number, id: number, lang: Language) {
    const r = await this.ownedReturn(this.ctx.db, userId, id);
    if (r.status !== 'pay' || !r.billId) throw stateError('RETURN_STATE', r.status, 'pay', lang);
    await this.ctx.billing.afterIssued(r.billId);
    return this.returnView(this.ctx.db, (await repo.findReturnById(this.ctx.db, id))!, lang);
  }

  private async releaseReturnParcels(tx: Tx, r: repo.ReturnRow, event: string) {
    await repo.updateParcelsByIds(tx, r.parcelIds, { status: 'warehouse', returnId: null });
    await repo.insertParcelEvents(
      tx,
      r.parcelIds.map((parcelId) => ({ parcelId, event })),
    );
  }

  /** Cancellable until sent; an unpaid fee bill is cancelled, a paid one refunded. */
  async cancelReturn(userId: number, id: number, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const r = await this.ownedReturn(tx, userId, id, true);
      if (!['review', 'pay', 'paid'].includes(r.status)) throw stateError('RETURN_STATE', r.status, 'cancel', lang);
      const row = await repo.updateReturn(tx, r.id, { status: 'cancelled' });
      if (r.billId && r.status === 'pay') await this.ctx.billing.cancelBill(tx, r.billId);
      if (r.billId && r.status === 'paid') await this.ctx.billing.refundBill(tx, r.billId, 'return cancelled');
      await this.releaseReturnParcels(tx, r, 'return_cancelled');
      return this.returnView(tx, row, lang);
    });
  }

  async reviewReturn(id: number, approve: boolean, reason: string, lang: Language) {
    let issued: number | null = null;
    const view = await this.ctx.db.transaction(async (tx) => {
      const r = await repo.findReturnById(tx, id, true);
      if (!r) throw new DomainError('OBJECT_NOT_FOUND');
      if (r.status !== 'review') throw stateError('RETURN_STATE', r.status, 'review', lang);
      const now = this.ctx.now();
      const done = async (row: typeof r) => {
        await this.kit.audit(tx, {
          action: 'admin/parcels/returnReview',
          objectType: 'return',
          objectId: r.id,
          ...changes(r, row, ['userId', 'status']),
        });
        return this.returnView(tx, row, lang);
      };
      if (!approve) {
        const row = await repo.updateReturn(tx, r.id, { status: 'rejected', rejectReason: reason, reviewedAt: now });
        await this.releaseReturnParcels(tx, r, 'return_rejected');
        return done(row);
      }
      if (r.feeMinor === 0) {
        const row = await repo.updateReturn(tx, r.id, { status: 'paid', reviewedAt: now, paidAt: now });
        return done(row);
      }
      const bill = await this.ctx.billing.issueBill(tx, {
        userId: r.userId,
        kind: 'return',
        refId: r.id,
        currency: 'RMB',
        amountMinor: r.feeMinor,
        lines: [
          {
            code: 'search_fee',
            label: { en: `Search fee (${r.parcelIds.length} pieces)`, zh_CN: `查找费（${r.parcelIds.length}件）` },
            amountMinor: r.feeMinor,
          },
        ],
        description: { en: `Return #${r.id}`, zh_CN: `退货 #${r.id}` },
      });
      issued = bill.id;
      const row = await repo.updateReturn(tx, r.id, { status: 'pay', billId: bill.id, reviewedAt: now });
      return done(row);
    });
    if (issued !== null) {
      await this.ctx.billing.afterIssued(issued);
      return this.returnView(this.ctx.db, (await repo.findReturnById(this.ctx.db, id))!, lang);
    }
    return view;
  }

  private async returnPaid(tx: Tx, bill: Bill) {
    const r = await repo.findReturnById(tx, bill.refId, true);
    if (!r) throw new DomainError('OBJECT_NOT_FOUND');
    if (r.status !== 'pay' || r.billId !== bill.id) throw stateError('RETURN_STATE', r.status, 'pay');
    await repo.updateReturn(tx, r.id, { status: 'paid', paidAt: bill.paidAt ?? this.ctx.now() });
    await repo.insertParcelEvents(
      tx,
      r.parcelIds.map((parcelId) => ({ parcelId, event: 'return_paid' })),
    );
  }

  async returnSent(id: number, courierNo: string, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const r = await repo.findReturnById(tx, id, true);
      if (!r) throw new DomainError('OBJECT_NOT_FOUND');
      if (r.status !== 'paid') throw stateError('RETURN_STATE', r.status, 'send', lang);
      const row = await repo.updateReturn(tx, r.id, { status: 'sent', courierNo, sentAt: this.ctx.now() });
      await this.kit.audit(tx, {
        action: 'admin/parcels/returnSent',
        objectType: 'return',
        objectId: r.id,
        ...changes(r, row, ['userId', 'status']),
      });
      await repo.insertParcelEvents(
        tx,
        r.parcelIds.map((parcelId) => ({ parcelId, event: 'return_sent', note: courierNo })),
      );
      return this.returnView(tx, row, lang);
    });
  }

  async adminReturns(q: Page & { status?: string }, lang: Language) {
    const { rows, total } = await repo.findReturnsPage(this.ctx.db, { status: q.status }, q);
    const owners = new Map(
      (await repo.findUserAccounts(this.ctx.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const list = await Promise.all(
      rows.map(async (r) => ({
        ...(await this.returnView(this.ctx.db, r, lang)),
        owner: { user_id: r.userId, user_account: owners.get(r.userId) ?? '' },
      })),
    );
    return { list, total, page: q.page, page_size: q.page_size };
  }
}
