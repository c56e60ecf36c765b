import { createHmac } from 'node:crypto';
import { customsCategoryInfo, customsLineValues, isCustomsCategory, minorToDecimal } from '@pinyou/contract';
import { DomainError } from '../../core/errors.ts';
import { safeEqualHex } from '../../core/crypto.ts';
import { accountPort } from '../account/index.ts';
import * as repo from './parcels.repository.ts';
import { kgText, toSgdMinor } from './pricing.ts';
import type { ParcelsCtx } from './parcels.shared.ts';

export const MANIFEST_LINK_SECONDS = 600;
export const manifestFormats = ['xlsx', 'csv'] as const;
export type ManifestFormat = (typeof manifestFormats)[number];

/** One customs line of the broker's manifest: a parcel of a pack in the batch. */
export interface ManifestRow {
  batch_no: string;
  pack_no: string;
  consignee: string;
  phone: string;
  address: string;
  postcode: string;
  description: string;
  category: string;
  hs_chapters: string;
  quantity: number;
  /** CNY, decimal text. */
  unit_value: string;
  currency: 'CNY';
  /** SGD at the pack's stored rate, decimal text. */
  total_value_sgd: string;
  gross_weight_kg: string;
  gst_paid_at_purchase: boolean;
  seller_gst_no: string;
}

/** The broker's manifest of an outbound batch (Singapore Customs): every parcel of every pack is a customs line. */
export class CustomsService {
  constructor(private readonly ctx: ParcelsCtx) {}

  private signature(key: string, batchId: number, format: ManifestFormat, staffId: number, exp: number) {
    return createHmac('sha256', key).update(`manifest|${batchId}|${format}|${staffId}|${exp}`).digest('hex');
  }

  /** A short-lived link to the manifest file; the staff call that asks for it is what the audit log records. */
  async manifestLink(linkKey: string, staffId: number, batchId: number, format: ManifestFormat) {
    const b = await repo.findBatchById(this.ctx.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const exp = Math.floor(this.ctx.now().getTime() / 1000) + MANIFEST_LINK_SECONDS;
    const sig = this.signature(linkKey, b.id, format, staffId, exp);
    return {
      batch_no: b.batchNo,
      file_name: manifestFileName(b.batchNo, format),
      url: `/api/files/manifest/${b.id}.${format}?s=${staffId}&exp=${exp}&sig=${sig}`,
      expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  checkLink(linkKey: string, batchId: number, format: ManifestFormat, staffId: number, exp: number, sig: string) {
    if (![batchId, staffId, exp].every(Number.isInteger) || exp < this.ctx.now().getTime() / 1000) return false;
    return safeEqualHex(this.signature(linkKey, batchId, format, staffId, exp), sig.toLowerCase());
  }

  async manifest(batchId: number): Promise<{ batchNo: string; rows: ManifestRow[] }> {
    const b = await repo.findBatchById(this.ctx.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const packRows = await repo.findPacksOfBatch(this.ctx.db, b.id);
    const [parcelRows, owners, settings] = await Promise.all([
      repo.findParcelsOfPacks(
        this.ctx.db,
        packRows.map((p) => p.id),
      ),
      accountPort.findUsers(
        this.ctx.db,
        packRows.map((p) => p.userId),
      ),
      this.ctx.settings.get(),
    ]);
    const nickname = new Map(owners.map((u) => [u.id, u.nickname || u.userAccount]));
    const rows: ManifestRow[] = [];
    for (const pack of packRows) {
      // A GROUP pack goes to the leader's pick-up place, but the consignee is the member: named by their own
      // default address when they have one (never a national ID).
      const own = pack.mode === 'GROUP' ? await accountPort.defaultAddress(this.ctx.db, pack.userId) : null;
      const place = pack.address;
      const consignee = pack.mode === 'GROUP' ? (own?.receiver ?? nickname.get(pack.userId) ?? '') : (place?.receiver ?? '');
      const phone = pack.mode === 'GROUP' ? (own?.phone ?? place?.phone ?? '') : (place?.phone ?? '');
      const rate = pack.exchangeRate ?? settings.exchange_rate;
      for (const p of parcelRows.filter((r) => r.packId === pack.id)) {
        const line = customsLineValues({ quantity: p.quantity, goods_value_minor: p.goodsValueMinor });
        const cat = isCustomsCategory(p.customsCategory) ? customsCategoryInfo[p.customsCategory] : null;
        rows.push({
          batch_no: b.batchNo,
          pack_no: pack.packNo,
          consignee,
          phone,
          address: [place?.district, place?.address].filter(Boolean).join(' '),
          postcode: place?.postcode ?? '',
          description: p.customsDescription,
          category: cat?.en ?? '',
          hs_chapters: cat?.hs ?? '',
          quantity: line.quantity,
          unit_value: minorToDecimal(line.unit_value_minor),
          currency: 'CNY',
          total_value_sgd: minorToDecimal(toSgdMinor(line.total_value_minor, rate)),
          gross_weight_kg: pack.weightG !== null ? kgText(pack.weightG) : '',
          gst_paid_at_purchase: p.gstPaidAtPurchase,
          seller_gst_no: p.sellerGstNo,
        });
      }
    }
    return { batchNo: b.batchNo, rows };
  }
}

export const manifestFileName = (batchNo: string, format: ManifestFormat) => `manifest-${batchNo.replace(/[^\w.-]/g, '_')}.${format}`;
