import { Code, contract, parseLanguage } from '@pinyou/contract';
import type { FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { staffIdOf, userIdOf, envelope, messageFor, type Handlers } from '../../core/http.ts';
import { safeEqualHex } from '../../core/crypto.ts';
import { DomainError } from '../../core/errors.ts';
import type { ParcelsService } from './parcels.service.ts';
import type { BatchDeclarationService } from './batch-declaration.service.ts';
import type { InsuranceService } from './insurance.service.ts';
import type { SettingsService } from '../system/index.ts';

export interface ParcelsRouteDeps {
  parcels: ParcelsService;
  batchDeclarations: BatchDeclarationService;
  settings: SettingsService;
  insurance: InsuranceService;
}
import { buildTemplate } from './batch-declaration.service.ts';
import { renderWaybill } from './waybill.ts';
import { manifestFileName, manifestFormats, type ManifestFormat } from './customs.service.ts';
import { manifestCsv, manifestXlsx } from './manifest.ts';

export const WAYBILL_LINK_SECONDS = 600;

/**
 * Waybill links carry their own proof (HMAC of pack, owner and expiry, keyed with the server-only link key)
 * so a browser can open them without headers.
 */
export function waybillSignature(secret: string, packId: number, userId: number, exp: number) {
  return createHmac('sha256', secret).update(`waybill|${packId}|${userId}|${exp}`).digest('hex');
}

/** The link is signed for the pack's owner, so links made for staff open exactly like the customer's own. */
async function waybillLink(parcels: ParcelsService, userId: number, packId: number) {
  const pack = await parcels.extras.waybillPack(userId, packId);
  const exp = Math.floor(Date.now() / 1000) + WAYBILL_LINK_SECONDS;
  const sig = waybillSignature(await parcels.extras.linkKey(), pack.id, userId, exp);
  return {
    pack_no: pack.pack_no,
    url: `/api/files/waybill/${pack.id}.pdf?u=${userId}&exp=${exp}&sig=${sig}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

export function parcelsRoutes(s: ParcelsRouteDeps): Handlers<typeof contract.parcels> {
  const { parcels, batchDeclarations } = s;
  return {
    createOrder: (i, ctx) => parcels.declarations.declare(userIdOf(ctx), i, ctx.lang),
    warehouseAddress: (_, ctx) => parcels.declarations.warehouseAddress(userIdOf(ctx)),
    getOrderList: (i, ctx) => parcels.declarations.list(userIdOf(ctx), i, ctx.lang),
    getAllOrderList: (i, ctx) => parcels.declarations.list(userIdOf(ctx), i, ctx.lang),
    GetRecordOrderList: (i, ctx) => parcels.declarations.recordList(userIdOf(ctx), i, ctx.lang),
    getOrderDetail: (i, ctx) => parcels.declarations.detail(userIdOf(ctx), i.id, ctx.lang),
    GetRecordOrderDetail: (i, ctx) => parcels.declarations.detail(userIdOf(ctx), i.id, ctx.lang),
    deleteOrder: (i, ctx) => parcels.declarations.remove(userIdOf(ctx), i.id),
    getIsLowCostList: (i, ctx) => parcels.declarations.lowValueList(userIdOf(ctx), i, ctx.lang),
    waitEditOrder: (_, ctx) => parcels.declarations.alerts(userIdOf(ctx), ctx.lang),
    EditHM: (i, ctx) => parcels.declarations.supplement(userIdOf(ctx), i.id, { goods_name: i.goods_name }, ctx.lang),
    editHZ: (i, ctx) => parcels.declarations.supplement(userIdOf(ctx), i.id, { goods_value: i.goods_value }, ctx.lang),
    EditHZAndHM: (i, ctx) =>
      parcels.declarations.supplement(userIdOf(ctx), i.id, { goods_name: i.goods_name, goods_value: i.goods_value }, ctx.lang),
    editCustoms: (i, ctx) =>
      parcels.declarations.editCustoms(
        userIdOf(ctx),
        i.id,
        { customs_description: i.customs_description, customs_category: i.customs_category },
        ctx.lang,
      ),
    getFreight: (i, ctx) => parcels.freight.freight(i, ctx.lang),
    applyPackList: (i, ctx) => parcels.packing.packableList(userIdOf(ctx), i.mode, ctx.lang),
    checkApplyPack: (i, ctx) => parcels.packing.checkApplyPack(userIdOf(ctx), i.parcel_ids, i.mode, ctx.lang),
    orderApplyPack: (i, ctx) => parcels.packing.applyPack(userIdOf(ctx), i, ctx.lang),
    orderApplyPackDetail: (i, ctx) => parcels.packing.userPackDetail(userIdOf(ctx), i.pack_id, ctx.lang),
    cancelApplyPack: (i, ctx) => parcels.packing.cancelApplyPack(userIdOf(ctx), i.pack_id, ctx.lang),
    batchSetIsCut: (i, ctx) => parcels.packing.setIsCut(userIdOf(ctx), i.pack_ids, i.is_cut, ctx.lang),
    cancelPack: (i, ctx) => parcels.packing.cancelPack(userIdOf(ctx), i.pack_id, ctx.lang),
    getUserPackList: (i, ctx) => parcels.packing.userPacks(userIdOf(ctx), i, ctx.lang),
    getUserPackDetail: (i, ctx) => parcels.packing.userPackDetail(userIdOf(ctx), i.pack_id, ctx.lang),
    getPackList: (i, ctx) => parcels.shipping.customerBatches(userIdOf(ctx), i),
    getPackOrderList: (i, ctx) => parcels.shipping.customerBatchPacks(userIdOf(ctx), i.batch_id, ctx.lang),
    getPackOrderDetail: (i, ctx) => parcels.packing.userPackDetail(userIdOf(ctx), i.pack_id, ctx.lang),
    getUserPackNoList: (_, ctx) => parcels.packing.userPackNos(userIdOf(ctx)),
    getVacation: () => parcels.shipping.vacation(),
    getPackDateList: (_, ctx) => parcels.shipping.packDates(userIdOf(ctx), ctx.lang),
    getDispatchInfo: (_, ctx) => parcels.shipping.dispatchInfo(userIdOf(ctx), ctx.lang),
    setUserDispatchStatus: (i, ctx) => parcels.shipping.setDispatch(userIdOf(ctx), i.pack_id, i.date, i.slot, ctx.lang),
    queryLogistics: (i, ctx) => parcels.shipping.logistics(userIdOf(ctx), i, ctx.lang),
    siginOut: (i, ctx) => parcels.shipping.sign(userIdOf(ctx), i.pack_id, ctx.lang),
    orderApplyReturn: (i, ctx) => parcels.returns.applyReturn(userIdOf(ctx), i, ctx.lang),
    orderReturnPay: (i, ctx) => parcels.returns.returnPay(userIdOf(ctx), i.return_id, ctx.lang),
    cancelApplyReturn: (i, ctx) => parcels.returns.cancelReturn(userIdOf(ctx), i.return_id, ctx.lang),
    getReturnList: (i, ctx) => parcels.returns.returnList(userIdOf(ctx), i, ctx.lang),
    batchCreateOrder: (_, ctx) => batchDeclarations.upload(userIdOf(ctx), ctx.files[0], ctx.lang),
    batchGetList: (i, ctx) => batchDeclarations.list(userIdOf(ctx), i),
    batchGetDetail: (i, ctx) => batchDeclarations.detail(userIdOf(ctx), i.id, i.status, ctx.lang),
    showLargeCargo: (i, ctx) => parcels.warehouse.unclaimedForCustomer(userIdOf(ctx), i, ctx.lang),
    claimLargeCargo: (i, ctx) => parcels.warehouse.claim(userIdOf(ctx), i.id, i.tracking_no, ctx.lang),
    getInvoice: (i, ctx) => waybillLink(parcels, userIdOf(ctx), i.pack_id),
    applyInvoice: (i, ctx) => parcels.extras.applyInvoice(userIdOf(ctx), i),
    bookDoorService: (i, ctx) => parcels.extras.bookDoor(userIdOf(ctx), i, ctx.lang),
    doorServiceList: (_, ctx) => parcels.extras.doorList(userIdOf(ctx)),
    cancelDoorService: (i, ctx) => parcels.extras.cancelDoor(userIdOf(ctx), i.id),
    packingSelectUser: (i) => parcels.warehouse.packingUsers(i.keyword),
    packingSelectPacking: (i, ctx) => parcels.warehouse.packingRequests(i.user_id, ctx.lang),
    scannedInbound: (i, ctx) => parcels.warehouse.scanInbound(i, ctx.lang),
    packClaimCreate: (i, ctx) => s.insurance.createClaim(userIdOf(ctx), i, ctx.lang),
    packClaimList: (i, ctx) => s.insurance.myClaims(userIdOf(ctx), i.page, i.page_size),
    parcelProblemAnswer: (i, ctx) => parcels.problems.answer(userIdOf(ctx), i, ctx.lang),
  };
}

export function parcelsAdminRoutes(s: ParcelsRouteDeps): Handlers<typeof contract.parcelsAdmin> {
  const { parcels } = s;
  return {
    adminParcelList: (i, ctx) => parcels.warehouse.adminParcels(i, ctx.lang),
    adminParcelDetail: (i, ctx) => parcels.warehouse.adminParcelDetail(i.id, ctx.lang),
    adminFlagLowValue: (i, ctx) => parcels.declarations.flagLowValue(i.id, i.min_value, ctx.lang),
    adminPackList: (i, ctx) => parcels.warehouse.adminPacks(i, ctx.lang),
    adminPackDetail: (i, ctx) => parcels.warehouse.adminPackDetail(i.pack_id, ctx.lang),
    adminPackMeasure: (i, ctx) => parcels.packing.measure(staffIdOf(ctx), i.pack_id, i.pieces, ctx.lang),
    adminWaybillLink: async (i, ctx) =>
      waybillLink(parcels, (await parcels.warehouse.adminPackDetail(i.pack_id, ctx.lang)).owner.user_id, i.pack_id),
    adminBatchCreate: (i) => parcels.shipping.createBatch(i),
    adminBatchList: (i) => parcels.shipping.batches(i),
    adminBatchDetail: (i, ctx) => parcels.shipping.batchDetail(i.batch_id, ctx.lang),
    adminBatchManifest: async (i, ctx) =>
      parcels.customs.manifestLink(await parcels.extras.linkKey(), staffIdOf(ctx), i.batch_id, i.format),
    adminBatchAddPacks: (i, ctx) => parcels.shipping.addPacksToBatch(i.batch_id, i.pack_ids, ctx.lang),
    adminBatchRemovePack: (i, ctx) => parcels.shipping.removePackFromBatch(i.batch_id, i.pack_id, ctx.lang),
    adminBatchAdvance: (i, ctx) =>
      parcels.shipping.advanceBatch(staffIdOf(ctx), i.batch_id, i.stage, i.note, i.at ? new Date(i.at) : undefined, ctx.lang),
    adminReturnList: (i, ctx) => parcels.returns.adminReturns(i, ctx.lang),
    adminReturnReview: (i, ctx) => parcels.returns.reviewReturn(i.return_id, i.approve, i.reason, ctx.lang),
    adminReturnSent: (i, ctx) => parcels.returns.returnSent(i.return_id, i.courier_no, ctx.lang),
    adminUnclaimedList: (i, ctx) => parcels.warehouse.adminUnclaimed(i, ctx.lang),
    adminUnclaimedConfirm: (i) => parcels.warehouse.confirmClaim(i.id, i.approve),
    adminParcelDispose: (i, ctx) => parcels.storage.dispose(staffIdOf(ctx), i.id),
    adminDoorServiceList: (i) => parcels.extras.adminDoorServices(i),
    adminDoorServiceDone: (i) => parcels.extras.doorDone(i.id),
    adminInvoiceList: (i) => parcels.extras.adminInvoices(i),
    adminInvoiceIssued: (i) => parcels.extras.invoiceIssued(i.id),
    adminRateCardList: () => parcels.freight.rateCards(),
    adminRateCardSave: (i, ctx) => parcels.freight.saveRateCard(staffIdOf(ctx), i),
    adminRateCardDelete: (i) => parcels.freight.deleteRateCard(i.id),
    adminHolidayList: () => parcels.shipping.holidays(),
    adminHolidaySave: (i) => parcels.shipping.saveHoliday(i),
    adminHolidayDelete: (i) => parcels.shipping.deleteHoliday(i.id),
    adminPackClaimList: (i) => s.insurance.staffClaims(i.status, i.page, i.page_size),
    adminPackClaimReview: (i, ctx) => s.insurance.review(staffIdOf(ctx), i, ctx.lang),
    adminGstRefund: (i, ctx) => s.insurance.refundGst(staffIdOf(ctx), i),
    adminProblemReasons: () => parcels.problems.reasons(),
    adminProblemReasonsSave: (i, ctx) => parcels.problems.saveReasons(staffIdOf(ctx), i.list),
    adminProblemFlag: (i, ctx) => parcels.problems.flag(staffIdOf(ctx), i, ctx.lang),
    adminProblemList: (i, ctx) => parcels.problems.adminList(i, ctx.lang),
    adminProblemDetail: (i, ctx) => parcels.problems.adminDetail(i.id, ctx.lang),
    adminProblemReply: (i, ctx) => parcels.problems.reply(staffIdOf(ctx), i, ctx.lang),
    adminProblemResolve: (i, ctx) => parcels.problems.resolve(staffIdOf(ctx), i, ctx.lang),
  };
}

const manifestTypes: Record<ManifestFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Downloads that are not envelopes: the batch template, waybill PDFs and batch manifests. */
export async function registerParcelFileRoutes(app: FastifyInstance, s: ParcelsRouteDeps, version: () => string) {
  let template: Buffer | null = null;
  app.get('/api/files/batch-template.xlsx', async (_req, reply) => {
    template ??= await buildTemplate();
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="pinyou-batch-declaration.xlsx"')
      .send(template);
  });
  app.get<{ Params: { batchId: string; format: string }; Querystring: { s?: string; exp?: string; sig?: string } }>(
    '/api/files/manifest/:batchId.:format',
    async (req, reply) => {
      const lang = parseLanguage(req.headers.language);
      const format = req.params.format as ManifestFormat;
      const batchId = Number(req.params.batchId);
      const good =
        (manifestFormats as readonly string[]).includes(format) &&
        s.parcels.customs.checkLink(
          await s.parcels.extras.linkKey(),
          batchId,
          format,
          Number(req.query.s),
          Number(req.query.exp),
          String(req.query.sig ?? ''),
        );
      if (!good) return reply.code(403).send(envelope(Code.LINK_EXPIRED, messageFor('LINK_EXPIRED', lang), version()));
      try {
        const { batchNo, rows } = await s.parcels.customs.manifest(batchId);
        const body = format === 'csv' ? manifestCsv(rows) : await manifestXlsx(batchNo, rows);
        return reply
          .type(manifestTypes[format])
          .header('content-disposition', `attachment; filename="${manifestFileName(batchNo, format)}"`)
          .send(body);
      } catch (e) {
        if (e instanceof DomainError) return reply.code(200).send(envelope(e.code, messageFor(e.name, lang, e.params), version()));
        throw e;
      }
    },
  );
  app.get<{ Params: { packId: string }; Querystring: { u?: string; exp?: string; sig?: string } }>(
    '/api/files/waybill/:packId.pdf',
    async (req, reply) => {
      const lang = parseLanguage(req.headers.language);
      const packId = Number(req.params.packId);
      const userId = Number(req.query.u);
      const exp = Number(req.query.exp);
      const sig = String(req.query.sig ?? '');
      const good =
        Number.isInteger(packId) &&
        Number.isInteger(userId) &&
        Number.isInteger(exp) &&
        safeEqualHex(waybillSignature(await s.parcels.extras.linkKey(), packId, userId, exp), sig.toLowerCase());
      if (!good || exp < Date.now() / 1000) {
        return reply.code(403).send(envelope(Code.LINK_EXPIRED, messageFor('LINK_EXPIRED', lang), version()));
      }
      try {
        const pack = await s.parcels.extras.waybillPack(userId, packId);
        const settings = await s.settings.get();
        const pdf = await renderWaybill(pack, settings.warehouse);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="waybill-${pack.pack_no}.pdf"`)
          .send(Buffer.from(pdf));
      } catch (e) {
        if (e instanceof DomainError) return reply.code(200).send(envelope(e.code, messageFor(e.name, lang, e.params), version()));
        throw e;
      }
    },
  );
}
