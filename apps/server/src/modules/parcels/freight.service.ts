import type { GstRate, InsuranceTerms, Language, PieceInput } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as repo from './parcels.repository.ts';
import type { PieceRow } from './parcels.schema.ts';
import {
  defaultRateCards,
  quote,
  type Category,
  type GroupBatchRate,
  type Mode,
  type QuoteResult,
  type RateCardRates,
  cbmText,
  kgText,
  stepsText,
} from './pricing.ts';
import { gstBasisText, rmb, sgd } from '@pinyou/contract';
import { singaporeDate } from './dates.ts';
import { toPieceRow, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { changes } from '../audit/index.ts';

export interface QuoteRequest {
  mode: Mode;
  category: Category;
  pieces: PieceRow[];
  declaredValueRmbMinor: number;
  gstPaidValueRmbMinor?: number;
  /** Singapore date of the shipment: the GST rate of that day. */
  date: string;
  gstRates?: GstRate[];
  insured?: boolean;
  insuranceTerms?: InsuranceTerms;
  insuranceKept?: { coverMinor: number; premiumMinor: number } | null;
  isCut: boolean;
  individualClearance: boolean;
  /** GROUP packs in a group batch with a unit price (issue 9). */
  batchRate?: GroupBatchRate | null;
}

/** Freight: quotes from the rate cards, and the staff's rate cards themselves. */
export class FreightService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {}

  async rateCard(tx: Tx, mode: Mode, category: Category): Promise<RateCardRates> {
    const card = await repo.findRateCard(tx, mode, category);
    if (!card) throw new DomainError('RATE_CARD_MISSING', { mode, category });
    return { ...card, mode, category };
  }

  /** Prices with the rate card read in `tx`; settings are read by the caller before any transaction (PGlite has one connection). */
  async price(tx: Tx, q: QuoteRequest, exchangeRate: string): Promise<QuoteResult> {
    const card = await this.rateCard(tx, q.mode, q.category);
    return quote(card, { ...q, exchangeRate });
  }

  quoteView(r: QuoteResult, lang: Language) {
    const note = {
      en: `${gstBasisText[r.gst.basis].en}. Singapore GST at ${r.gst.ratePercent}% on goods + freight + insurance (CIF); charged with the pack's bill.`,
      zh_CN: `${gstBasisText[r.gst.basis].zh_CN}。新加坡消费税按（货值+运费+保险）的${r.gst.ratePercent}%计，随包裹账单收取。`,
    };
    return {
      mode: r.mode,
      category: r.category,
      size_class: r.sizeClass,
      volume_cbm: cbmText(r.volumeMm3),
      billed_volume_cbm: stepsText(r.billedSteps),
      actual_weight_kg: kgText(r.actualWeightG),
      chargeable_weight_kg: kgText(r.chargeableWeightG),
      oversize: r.oversize,
      rate_text: r.rateText[lang],
      lines: r.lines.map((l) => ({ code: l.code, label: l.label[lang], detail: l.detail[lang], amount: sgd(l.amountMinor) })),
      total: sgd(r.totalMinor),
      gst: {
        declared_value: rmb(r.gst.declaredValueRmbMinor),
        declared_value_sgd: sgd(r.gst.declaredValueSgdMinor),
        rate_percent: r.gst.ratePercent,
        estimate: sgd(r.gst.estimateMinor),
        cif: sgd(r.gst.cifMinor),
        basis: r.gst.basis,
        note: note[lang],
      },
    };
  }

  async freight(
    i: {
      mode: Mode;
      category: Category;
      pieces?: PieceInput[];
      weight_kg?: number;
      length_cm?: number;
      width_cm?: number;
      height_cm?: number;
      goods_value?: number;
      gst_paid_value?: number;
      is_cut?: boolean;
      individual_clearance?: boolean;
    },
    lang: Language,
  ) {
    const pieces = i.pieces?.length
      ? i.pieces
      : [{ weight_kg: i.weight_kg!, length_cm: i.length_cm!, width_cm: i.width_cm!, height_cm: i.height_cm! }];
    const { exchange_rate, gst_rates } = await this.ctx.settings.get();
    const r = await this.price(
      this.ctx.db,
      {
        mode: i.mode,
        category: i.category,
        pieces: pieces.map(toPieceRow),
        declaredValueRmbMinor: i.goods_value ?? 0,
        gstPaidValueRmbMinor: Math.min(i.gst_paid_value ?? 0, i.goods_value ?? 0),
        date: singaporeDate(this.ctx.now()),
        gstRates: gst_rates,
        isCut: !!i.is_cut,
        individualClearance: !!i.individual_clearance,
      },
      exchange_rate,
    );
    return this.quoteView(r, lang);
  }

  /** Market defaults for a fresh installation; existing cards are left as staff set them. */
  async ensureDefaultRateCards() {
    for (const c of defaultRateCards) {
      const exists = await repo.findRateCardByKey(this.ctx.db, c.mode, c.category);
      if (!exists) await repo.insertRateCard(this.ctx.db, c);
    }
  }

  private rateCardView(r: repo.RateCardRow) {
    return {
      id: r.id,
      mode: r.mode as Mode,
      category: r.category as Category,
      small_per_step: sgd(r.smallPerStepMinor),
      band1_per_step: sgd(r.band1PerStepMinor),
      band2_per_step: sgd(r.band2PerStepMinor),
      band3_per_step: sgd(r.band3PerStepMinor),
      min_charge: sgd(r.minChargeMinor),
      first_half_kg: sgd(r.firstHalfKgMinor),
      next_half_kg: sgd(r.nextHalfKgMinor),
      repack: sgd(r.repackMinor),
      individual_clearance: sgd(r.individualClearanceMinor),
      active: r.active,
      updated_at: r.updatedAt.toISOString(),
    };
  }

  async rateCards() {
    return { list: (await repo.findRateCards(this.ctx.db)).map((r) => this.rateCardView(r)) };
  }

  async saveRateCard(
    staffId: number,
    i: {
      id?: number;
      mode: Mode;
      category: Category;
      /** SGD minor units, as the contract's typed-amount rule made them. */
      small_per_step: number;
      band1_per_step: number;
      band2_per_step: number;
      band3_per_step: number;
      min_charge: number;
      first_half_kg: number;
      next_half_kg: number;
      repack: number;
      individual_clearance: number;
      active: boolean;
    },
  ) {
    const values = {
      mode: i.mode,
      category: i.category,
      smallPerStepMinor: i.small_per_step,
      band1PerStepMinor: i.band1_per_step,
      band2PerStepMinor: i.band2_per_step,
      band3PerStepMinor: i.band3_per_step,
      minChargeMinor: i.min_charge,
      firstHalfKgMinor: i.first_half_kg,
      nextHalfKgMinor: i.next_half_kg,
      repackMinor: i.repack,
      individualClearanceMinor: i.individual_clearance,
      active: i.active,
      updatedAt: this.ctx.now(),
      updatedBy: staffId,
    };
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const before = i.id ? await repo.findRateCardById(tx, i.id) : null;
        if (i.id && !before) throw new DomainError('OBJECT_NOT_FOUND');
        const row = i.id ? await repo.updateRateCard(tx, i.id, values) : await repo.insertRateCard(tx, values);
        await this.kit.audit(tx, {
          action: 'admin/parcels/rateCardSave',
          objectType: 'rate_card',
          objectId: row.id,
          ...changes(before, row, ['mode', 'category']),
        });
        return this.rateCardView(row);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('RATE_CARD_EXISTS', { mode: i.mode, category: i.category });
      throw e;
    }
  }

  async deleteRateCard(id: number) {
    await this.ctx.db.transaction(async (tx) => {
      const before = await repo.findRateCardById(tx, id);
      if (!before || !(await repo.deleteRateCard(tx, id))) throw new DomainError('OBJECT_NOT_FOUND');
      await this.kit.audit(tx, { action: 'admin/parcels/rateCardDelete', objectType: 'rate_card', objectId: id, ...changes(before, null) });
    });
    return {};
  }
}
