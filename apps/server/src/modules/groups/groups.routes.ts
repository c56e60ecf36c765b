import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { Code, contract, parseLanguage } from '@pinyou/contract';
import { envelope, messageFor, staffIdOf, userIdOf, type Handlers } from '../../core/http.ts';
import { DomainError } from '../../core/errors.ts';
import type { GroupsService } from './groups.service.ts';

export function groupsRoutes(g: GroupsService): Handlers<typeof contract.groups> {
  return {
    getGroupList: (i, ctx) => g.nearest(ctx.session?.userId ?? null, i),
    getGroupListAll: (i, ctx) => g.all(ctx.session?.userId ?? null, i),
    groupList: (i, ctx) => g.nearest(userIdOf(ctx), i),
    joinGroup: (i, ctx) => g.join(userIdOf(ctx), i.group_id, i.dragon_code),
    quitGroup: (_, ctx) => g.quit(userIdOf(ctx)),
    setDragonCode: (i, ctx) => g.setDragonCode(userIdOf(ctx), i.dragon_code),
    groupDetail: (i, ctx) => g.groupDetail(userIdOf(ctx), i.group_id),
    applyGroup: (i, ctx) => g.apply(userIdOf(ctx), i),
    myApplication: (_, ctx) => g.myApplication(userIdOf(ctx)),
    editGroup: (i, ctx) => g.editGroup(userIdOf(ctx), i),
    setPackDate: (i, ctx) => g.setPackDate(userIdOf(ctx), i),
    getGroupMemberList: (i, ctx) => g.members(userIdOf(ctx), ['active', 'blacklisted'], i),
    getGroupMemberListTmp: (i, ctx) => g.members(userIdOf(ctx), ['blacklisted', 'kicked'], i),
    getGroupUserList: (i, ctx) => g.members(userIdOf(ctx), ['active', 'blacklisted'], i, true),
    getGroupUserOrderList: (i, ctx) => g.memberOrders(userIdOf(ctx), i.user_id),
    addBlock: (i, ctx) => g.setMemberStatus(userIdOf(ctx), i.user_id, 'blacklisted'),
    deleteBlock: (i, ctx) => g.setMemberStatus(userIdOf(ctx), i.user_id, 'active'),
    removeGroupByGroup: (i, ctx) => g.setMemberStatus(userIdOf(ctx), i.user_id, 'kicked'),
    notifyMember: (i, ctx) => g.notifyMembers(userIdOf(ctx), i.batch_id, i.user_ids),
    backGroup: (i, ctx) => g.enterMember(userIdOf(ctx), i.user_id, ctx),
    backGroupByH5: (_, ctx) => g.backToLeader(ctx),
    getGroupPackList: (i, ctx) => g.batchList(userIdOf(ctx), i),
    GetGroupPackOrderList: (i, ctx) => g.batchOrders(userIdOf(ctx), i.batch_id),
    GetGroupPackOrderDetail: (i, ctx) => g.packDetail(userIdOf(ctx), i.pack_id),
    GetGroupPackOrderUserList: (i, ctx) => g.collectionList(userIdOf(ctx), i, ctx.lang),
    getGroupOrderList: (i, ctx) => g.groupOrders(userIdOf(ctx), i),
    getGroupOrderDetail: (i, ctx) => g.groupOrderDetail(userIdOf(ctx), i.pack_id),
    getPackGroupUserList: (i, ctx) => g.payList(userIdOf(ctx), i),
    getPackGroupUnpaidBills: (i, ctx) => g.unpaidBills(userIdOf(ctx), i.batch_id, i.user_ids),
    GetPackUserOrderList: (i, ctx) => g.myCollections(userIdOf(ctx), i),
    GetPackUserOrderDetail: (i, ctx) => g.myCollection(userIdOf(ctx), i.batch_id),
    confirmPickup: (i, ctx) => g.confirmPickup(userIdOf(ctx), i.pickup_code),
    signOutAll: (i, ctx) => g.signAll(userIdOf(ctx), i.batch_id),
    groupReward: (i, ctx) => g.rewards(userIdOf(ctx), i),
    getReferrerList: (i, ctx) => g.referrals(userIdOf(ctx), i),
  };
}

export function groupsAdminRoutes(g: GroupsService): Handlers<typeof contract.groupsAdmin> {
  return {
    adminLeaderApplications: (i) => g.applications(i),
    adminReviewApplication: (i, ctx) => g.review(staffIdOf(ctx), i.id, i.approve, i.reason),
    adminGroups: (i) => g.adminGroups(i),
    adminGroupMembers: (i) => g.adminMembers(i),
    adminSetGroupFlags: (i) => g.adminFlags(i.group_id, i),
    adminMoveMember: (i) => g.adminMoveMember(i.user_id, i.group_id),
    adminGroupBatches: (i) => g.adminBatches(i),
    adminGroupBatchDetail: (i) => g.adminBatchDetail(i.batch_id),
    adminAdvanceGroupBatch: (i, ctx) => g.advance(staffIdOf(ctx), i, ctx.lang),
    adminRewardSettings: (i, ctx) => {
      // Without a new rate this is the read the Group batches page opens with: not a staff write.
      if (i.rate_per_cbm === undefined) ctx.onlyRead = true;
      return g.rewardSettings(i.rate_per_cbm);
    },
    adminGroupRewards: (i) => g.adminRewards(i),
  };
}

const headers = {
  en: ['Nickname', 'Account', 'Recipient code', 'Orders', 'Parcels', 'Volume (cbm)', 'Amount (S$)', 'Paid', 'Signed'],
  zh_CN: ['昵称', '账号', '接龙代码', '订单数', '包裹数', '体积(立方)', '金额(新币)', '已支付', '已签收'],
};

/** The collection list of a batch as a real xlsx, behind a signed short-lived link from GetGroupPackOrderUserList. */
export async function registerGroupFileRoutes(app: FastifyInstance, g: GroupsService, version: () => string) {
  app.get<{ Params: { batchId: string }; Querystring: { u?: string; exp?: string; sig?: string; lang?: string } }>(
    '/api/files/group-collection/:batchId.xlsx',
    async (req, reply) => {
      const lang = parseLanguage(req.query.lang ?? req.headers.language);
      const batchId = Number(req.params.batchId);
      const userId = Number(req.query.u);
      if (!(await g.checkExportLink(batchId, userId, Number(req.query.exp), String(req.query.sig ?? '').toLowerCase())))
        return reply.code(403).send(envelope(Code.LINK_EXPIRED, messageFor('LINK_EXPIRED', lang), version()));
      try {
        const { batch, rows } = await g.exportRows(userId, batchId);
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet(batch.batchNo);
        ws.addRow(headers[lang]);
        ws.getRow(1).font = { bold: true };
        const yes = lang === 'en' ? ['Yes', 'No'] : ['是', '否'];
        for (const r of rows)
          ws.addRow([
            r.nickname,
            r.user_account,
            r.dragon_code,
            r.pack_count,
            r.parcel_count,
            Number(r.volume_cbm),
            r.amount.amount_minor / 100,
            r.paid ? yes[0] : yes[1],
            r.signed ? yes[0] : yes[1],
          ]);
        ws.columns.forEach((c) => (c.width = 16));
        const buf = Buffer.from(await wb.xlsx.writeBuffer());
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="collection-${batch.batchNo}.xlsx"`)
          .send(buf);
      } catch (e) {
        if (e instanceof DomainError) return reply.code(200).send(envelope(e.code, messageFor(e.name, lang, e.params), version()));
        throw e;
      }
    },
  );
}
