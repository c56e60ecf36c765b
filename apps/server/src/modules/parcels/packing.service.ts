import {
  defaultStoragePolicy,
  insuranceTermsOf,
  type GstRate,
  type InsuranceTerms,
  type Language,
  type PieceInput,
  type StoragePolicy,
} from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import type { Bill } from '../wallet/index.ts';
import { accountPort } from '../account/index.ts';
import * as repo from './parcels.repository.ts';
import { markPacksPaid } from './pack-paid.repository.ts';
import type { PackRow } from './parcels.repository.ts';
import type { AddressSnapshot, PieceRow } from './parcels.schema.ts';
import { sgdText, type Category, type Mode, type QuoteResult, cbmText, kgText } from './pricing.ts';
import { compactDate, firstPackDate, isValidDate, singaporeDate } from './dates.ts';
import { toParcel } from './parcels.view.ts';
import { MIN_GOODS_VALUE_MINOR, stateError, toPieceRow, type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';
import { requireNoOpenProblem } from './problems.view.ts';
import { storageLineOf } from './storage.ts';
import type { FreightService } from './freight.service.ts';

const categoryRank: Record<string, number> = { normal: 0, sensitive: 1, special: 2 };

/**
 * Packing requests, pack & measure, and the pack's bill. The pack moves on only when the wallet says
 * its bill is paid (onPaid, inside the payment transaction).
 */
export class PackingService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
    private readonly freight: FreightService,
  ) {
    const billing = ctx.billing;
    billing.onPaidMany('pack', (tx, bills) => this.packsPaid(tx, bills));
    billing.onRefunded('pack', (tx, bill) => this.packRefunded(tx, bill));
    // Spec §5: orders lacking goods name or value cannot be paid on behalf.
    billing.canPayOnBehalf('pack', async (tx, bills) => {
      const rows = await repo.findParcelsOfPacks(
        tx,
        bills.map((b) => b.refId),
      );
      return rows.every((p) => !p.isLowValue && p.goodsName !== '' && p.goodsValueMinor >= MIN_GOODS_VALUE_MINOR);
    });
  }

  async packableList(userId: number, mode: Mode | undefined, lang: Language) {
    const [rows, storage] = await Promise.all([repo.findPackableParcelsOfOwner(this.ctx.db, userId, mode), this.kit.storageCtx()]);
    return { list: rows.map((r) => toParcel(r, lang, null, storage)) };
  }

  /** Owned, in the warehouse, free, supplemented: otherwise a clear refusal naming the parcel. */
  private async packableParcels(tx: Tx, userId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.findOwnedParcelsByIds(tx, userId, unique);
    if (rows.length !== unique.length) throw new DomainError('OBJECT_NOT_FOUND');
    for (const p of rows) {
      if (p.status !== 'warehouse' || p.packId || p.returnId)
        throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
      if (p.isLowValue) throw new DomainError('PARCEL_NEEDS_EDIT', { tracking_no: p.trackingNo });
    }
    await requireNoOpenProblem(tx, rows);
    return rows;
  }

  private async checkPackDate(tx: Tx, date: string) {
    const first = firstPackDate(this.ctx.now());
    if (!isValidDate(date)) throw new ValidationError('rule.date', { field: 'pack_date' });
    if (date < first) throw new DomainError('PACK_DATE_TOO_EARLY', { date: first });
    if (await repo.findHolidayByDate(tx, date)) throw new DomainError('PACK_DATE_HOLIDAY', { date });
  }

  async checkApplyPack(userId: number, ids: number[], mode: Mode, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const rows = await this.packableParcels(tx, userId, ids);
      const groupId = mode === 'GROUP' ? await this.kit.requireGroup(tx, userId) : null;
      // A GROUP pack is collected at the leader's: it needs no home address.
      const pickup = groupId ? await this.kit.pickupOf(tx, { id: 0, mode, groupId }) : null;
      const addr = await accountPort.defaultAddress(tx, userId);
      const weight = rows.reduce((s, p) => s + (p.weightG ?? 0), 0);
      const volume = rows.reduce((s, p) => s + (p.lengthMm ?? 0) * (p.widthMm ?? 0) * (p.heightMm ?? 0), 0);
      return {
        parcels: rows.map((r) => toParcel(r, lang)),
        address: addr
          ? {
              id: addr.id,
              receiver: addr.receiver,
              phone: addr.phone,
              district: addr.district,
              address: addr.address,
              postcode: addr.postcode,
            }
          : null,
        has_default_address: !!addr,
        needs_address: mode !== 'GROUP',
        pickup,
        first_pack_date: firstPackDate(this.ctx.now()),
        total_weight_kg: kgText(weight),
        total_volume_cbm: cbmText(volume),
      };
    });
  }

  async applyPack(
    userId: number,
    i: {
      parcel_ids: number[];
      mode: Mode;
      address_id?: number;
      pack_date?: string;
      is_cut: boolean;
      individual_clearance: boolean;
      insured?: boolean;
      remark: string;
    },
    lang: Language,
  ) {
    return this.ctx.db.transaction(async (tx) => {
      if (i.pack_date) await this.checkPackDate(tx, i.pack_date);
      const rows = await this.packableParcels(tx, userId, i.parcel_ids);
      const groupId = i.mode === 'GROUP' ? await this.kit.requireGroup(tx, userId) : null;
      const snapshot = groupId ? await this.leaderAddress(tx, groupId) : await this.homeAddress(tx, userId, i.address_id);
      const category = rows.reduce((c, p) => (categoryRank[p.category] > categoryRank[c] ? p.category : c), 'normal');
      const id = await this.kit.nextId(tx, 'packs');
      const pack = await repo.insertPack(tx, {
        id,
        packNo: `PK${compactDate(this.ctx.now())}${String(id).padStart(6, '0')}`,
        userId,
        mode: i.mode,
        groupId,
        address: snapshot,
        packDate: i.pack_date ?? null,
        isCut: i.is_cut,
        individualClearance: i.individual_clearance,
        insured: !!i.insured,
        category,
        remark: i.remark,
        declaredValueMinor: rows.reduce((s, p) => s + p.goodsValueMinor, 0),
        gstPaidValueMinor: rows.reduce((s, p) => s + (p.gstPaidAtPurchase ? p.goodsValueMinor : 0), 0),
      });
      const ids = rows.map((r) => r.id);
      await repo.updateParcelsByIds(tx, ids, { packId: pack.id, mode: i.mode });
      await repo.insertParcelEvents(
        tx,
        ids.map((parcelId) => ({ parcelId, event: 'pack_applied', note: pack.packNo })),
      );
      return this.kit.packDetail(tx, pack, lang);
    });
  }

  /** Spec §5: a default shipping address must exist before a packing date is booked (door delivery). */
  private async homeAddress(tx: Tx, userId: number, addressId: number | undefined): Promise<AddressSnapshot> {
    const def = await accountPort.defaultAddress(tx, userId);
    if (!def) throw new DomainError('DEFAULT_ADDRESS_REQUIRED');
    const addr = addressId ? await accountPort.ownedAddress(tx, userId, addressId) : def;
    if (!addr) throw new DomainError('OBJECT_NOT_FOUND');
    return { receiver: addr.receiver, phone: addr.phone, district: addr.district, address: addr.address, postcode: addr.postcode };
  }

  /** A GROUP pack goes to its leader's pick-up place, which staff ship it to (never the member's home). */
  private async leaderAddress(tx: Tx, groupId: number): Promise<AddressSnapshot> {
    const p = await this.kit.pickupOf(tx, { id: 0, mode: 'GROUP', groupId });
    if (!p) throw new DomainError('GROUP_REQUIRED');
    return { receiver: `${p.leader_name} (${p.group_name})`, phone: p.phone, district: '', address: p.address, postcode: p.postcode };
  }

  async userPackDetail(userId: number, packId: number, lang: Language) {
    return this.kit.packDetail(this.ctx.db, await this.kit.ownedPack(this.ctx.db, userId, packId), lang);
  }

  async cancelApplyPack(userId: number, packId: number, lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const pack = await this.kit.ownedPack(tx, userId, packId, true);
      if (pack.status !== 'applied') throw stateError('PACK_STATE', pack.status, 'cancel', lang);
      await repo.updatePack(tx, pack.id, { status: 'cancelled', cancelledAt: this.ctx.now() });
      await this.kit.releaseParcels(tx, pack);
    });
    return {};
  }

  /** Cancels a request, or a packed pack whose bill is unpaid (the bill is cancelled with it). */
  async cancelPack(userId: number, packId: number, lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const pack = await this.kit.ownedPack(tx, userId, packId, true);
      if (pack.status !== 'applied' && pack.status !== 'packed') throw stateError('PACK_STATE', pack.status, 'cancel', lang);
      if (pack.billId) await this.ctx.billing.cancelBill(tx, pack.billId);
      await repo.updatePack(tx, pack.id, { status: 'cancelled', cancelledAt: this.ctx.now() });
      await this.kit.releaseParcels(tx, pack);
    });
    return {};
  }

  async setIsCut(userId: number, packIds: number[], isCut: boolean, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const ids = [...new Set(packIds)];
      for (const id of ids) {
        const p = await this.kit.ownedPack(tx, userId, id, true);
        if (p.status !== 'applied') throw stateError('PACK_STATE', p.status, 'edit', lang);
        await repo.updatePack(tx, p.id, { isCut });
      }
      return { updated: ids.length };
    });
  }

  async userPacks(userId: number, q: Page & { status?: string; keyword?: string }, lang: Language) {
    const { rows, total } = await repo.findPacksPage(this.ctx.db, { userId, status: q.status, keyword: q.keyword }, q);
    return { list: await this.kit.packViews(this.ctx.db, rows, lang), total, page: q.page, page_size: q.page_size };
  }

  async userPackNos(userId: number) {
    const rows = await repo.findPacks(this.ctx.db, { userId, statuses: ['packed', 'paid', 'shipped', 'delivered', 'received'] });
    return { list: rows.map((r) => ({ id: r.id, pack_no: r.packNo, status: r.status as 'paid' })) };
  }

  async measure(staffId: number, packId: number, pieces: PieceInput[], lang: Language) {
    const { exchange_rate, gst_rates, storage_policy, insurance_terms } = await this.ctx.settings.get();
    const billId = await this.ctx.db.transaction(async (tx) => {
      const pack = await repo.findPackById(tx, packId, true);
      if (!pack) throw new DomainError('OBJECT_NOT_FOUND');
      if (pack.status !== 'applied') throw stateError('PACK_STATE', pack.status, 'measure', lang);
      // The warehouse does not pack a parcel whose problem is still being settled with its owner.
      await requireNoOpenProblem(tx, await repo.findParcelsOfPacks(tx, [pack.id]));
      const rows = pieces.map(toPieceRow);
      const q = await this.priceOf(tx, pack, rows, exchange_rate, gst_rates, {
        storage: storage_policy ?? defaultStoragePolicy,
        insurance: insuranceTermsOf(insurance_terms),
      });
      return this.issuePackBill(tx, pack, rows, q, { staffId, event: 'packed' });
    });
    // Auto-pay runs after the bill is committed; it never throws.
    await this.ctx.billing.afterIssued(billId);
    const pack = await repo.findPackById(this.ctx.db, packId);
    return this.kit.packDetail(this.ctx.db, pack!, lang);
  }

  /**
   * A pack's price: its group batch's unit price when it has one, else the rate card; plus its parcels'
   * storage fees up to the day it is measured (a re-price without `now` keeps the storage line billed then,
   * and the insurance premium and cover the pack was insured at).
   */
  private async priceOf(
    tx: Tx,
    pack: PackRow,
    rows: PieceRow[],
    exchangeRate: string,
    gstRates?: GstRate[],
    now?: { storage: StoragePolicy; insurance: InsuranceTerms },
  ): Promise<QuoteResult> {
    const storage = now?.storage;
    const q = await this.freightOf(tx, pack, rows, exchangeRate, gstRates, now?.insurance);
    const line = storage
      ? storageLineOf(await repo.findParcelsOfPacks(tx, [pack.id]), storage, pack.packedAt ?? this.ctx.now())
      : ((pack.quoteLines ?? []).find((l) => l.code === 'storage') ?? null);
    return line ? { ...q, lines: [...q.lines, line], totalMinor: q.totalMinor + line.amountMinor } : q;
  }

  private async freightOf(tx: Tx, pack: PackRow, rows: PieceRow[], exchangeRate: string, gstRates?: GstRate[], terms?: InsuranceTerms) {
    return this.freight.price(
      tx,
      {
        mode: pack.mode as Mode,
        category: pack.category as Category,
        pieces: rows,
        declaredValueRmbMinor: pack.declaredValueMinor,
        gstPaidValueRmbMinor: pack.gstPaidValueMinor,
        date: singaporeDate(pack.packedAt ?? this.ctx.now()),
        gstRates,
        insured: pack.insured,
        insuranceTerms: terms,
        insuranceKept: terms ? null : keptInsurance(pack),
        isCut: pack.isCut,
        individualClearance: pack.individualClearance,
        batchRate: await this.kit.batchRateOf(tx, pack),
      },
      exchangeRate,
    );
  }

  /** Issues a locked pack's bill for price `q` and records the price on the pack; measuring also moves it on. */
  private async issuePackBill(
    tx: Tx,
    pack: PackRow,
    rows: PieceRow[],
    q: QuoteResult,
    how: { staffId?: number; event: 'packed' | 'repriced' },
  ) {
    const bill = await this.ctx.billing.issueBill(tx, {
      userId: pack.userId,
      kind: 'pack',
      refId: pack.id,
      currency: 'SGD',
      amountMinor: q.totalMinor,
      lines: q.lines.map((l) => ({ code: l.code, label: l.label, amountMinor: l.amountMinor })),
      description: { en: `Freight of pack ${pack.packNo}`, zh_CN: `包裹 ${pack.packNo} 运费` },
      groupId: pack.groupId,
      volumeCbm: q.volumeMm3 / 1_000_000_000,
    });
    const priced = {
      pieces: rows,
      weightG: q.actualWeightG,
      volumeMm3: q.volumeMm3,
      quoteLines: q.lines,
      rateText: q.rateText,
      amountMinor: q.totalMinor,
      currency: 'SGD',
      billId: bill.id,
      exchangeRate: q.exchangeRate,
      gstRatePercent: q.gst.ratePercent,
      insuranceCoverMinor: q.insurance?.coverMinor ?? null,
      insurancePremiumMinor: q.insurance?.premiumMinor ?? null,
    };
    await repo.updatePack(
      tx,
      pack.id,
      how.event === 'packed' ? { ...priced, status: 'packed', packedAt: this.ctx.now(), packedBy: how.staffId } : priced,
    );
    const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
    if (how.event === 'packed') await repo.updateParcelsOfPack(tx, pack.id, { status: 'unpaid' });
    await repo.insertParcelEvents(
      tx,
      parcelRows.map((p) => ({ parcelId: p.id, event: how.event, note: `${pack.packNo} ${sgdText(q.totalMinor)}` })),
    );
    return bill.id;
  }

  /**
   * Re-prices measured, unpaid GROUP packs whose group batch price was set after they were billed: the
   * unpaid bill is cancelled and a new one issued at the batch's price (the customer is told of it like
   * any bill). Paid, cancelled or not yet measured packs are left alone, as is a pack whose price does not
   * change. Locks the pack, then its bill, as cancelling a pack does. Returns the new bills, for
   * `afterIssued` once the caller's transaction commits.
   */
  async repriceUnpaid(tx: Tx, packIds: number[]): Promise<number[]> {
    const issued: number[] = [];
    for (const id of [...new Set(packIds)].sort((a, b) => a - b)) {
      const pack = await repo.findPackById(tx, id, true);
      if (!pack || pack.status !== 'packed' || !pack.billId || !pack.pieces?.length) continue;
      if (!(await this.kit.batchRateOf(tx, pack))) continue;
      const old = await this.ctx.billing.findBill(tx, 'pack', pack.id);
      if (!old || old.id !== pack.billId || old.status !== 'unpaid') continue;
      // The rate the pack was first priced at (settings are read outside transactions: PGlite has one connection).
      const rates = pack.gstRatePercent === null ? undefined : [{ from: '2000-01-01', percent: pack.gstRatePercent }];
      const q = await this.priceOf(tx, pack, pack.pieces, pack.exchangeRate ?? '0', rates);
      if (q.totalMinor === pack.amountMinor && JSON.stringify(q.lines) === JSON.stringify(pack.quoteLines)) continue;
      await this.ctx.billing.cancelBill(tx, old.id);
      issued.push(await this.issuePackBill(tx, pack, pack.pieces, q, { event: 'repriced' }));
    }
    return issued;
  }

  /** Auto-pay for a bill issued by re-pricing (after its transaction commits); never throws. */
  afterIssued(billId: number) {
    return this.ctx.billing.afterIssued(billId);
  }

  /**
   * The wallet calls this inside the payment transaction with all its pack bills (a batch's: all of its payments'):
   * every pack moves, or the first no longer awaiting payment refuses the payment (which then rolls back).
   */
  private async packsPaid(tx: Tx, bills: Bill[]) {
    const moved = await markPacksPaid(
      tx,
      bills.map((b) => ({ packId: b.refId, billId: b.id })),
      bills[0]?.paidAt ?? this.ctx.now(),
    );
    const stuck = bills.find((b) => !moved.has(b.refId));
    if (!stuck) return;
    const pack = await repo.findPackById(tx, stuck.refId);
    if (!pack) throw new DomainError('OBJECT_NOT_FOUND');
    throw stateError('PACK_STATE', pack.status, 'pay');
  }

  /** A refund before shipment cancels the pack; its parcels go back to the warehouse list. */
  private async packRefunded(tx: Tx, bill: Bill) {
    const pack = await repo.findPackById(tx, bill.refId, true);
    if (!pack || pack.status !== 'paid' || pack.batchId) return;
    await repo.updatePack(tx, pack.id, { status: 'cancelled', cancelledAt: this.ctx.now() });
    await this.kit.releaseParcels(tx, pack);
  }
}

/** The premium and cover an insured, priced pack was insured at (older packs: the premium of its bill line). */
function keptInsurance(pack: PackRow) {
  if (!pack.insured || pack.insuranceCoverMinor === null) return null;
  const premiumMinor = pack.insurancePremiumMinor ?? pack.quoteLines?.find((l) => l.code === 'insurance')?.amountMinor;
  return premiumMinor === undefined ? null : { coverMinor: pack.insuranceCoverMinor, premiumMinor };
}
