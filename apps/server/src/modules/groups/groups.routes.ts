import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { Code, contract, parseLanguage } from '@pinyou/contract';
import { envelope, messageFor, staffIdOf, userIdOf, type Handlers } from '../../core/http.ts';
import { DomainError } from '../../core/errors.ts';
import type { GroupsParts } from './groups.parts.ts';
import type { GroupBatches } from './group-batches.ts';

export function groupsRoutes(p: GroupsParts): Handlers<typeof contract.groups> {
  return {
    getGroupList: (i, ctx) => p.map.nearest(ctx.session?.userId ?? null, i),
    getGroupListAll: (i, ctx) => p.map.all(ctx.session?.userId ?? null, i),
    groupList: (i, ctx) => p.map.nearest(userIdOf(ctx), i),
    joinGroup: (i, ctx) => p.membership.join(userIdOf(ctx), i.group_id, i.dragon_code),
    quitGroup: (_, ctx) => p.membership.quit(userIdOf(ctx)),
    setDragonCode: (i, ctx) => p.membership.setDragonCode(userIdOf(ctx), i.dragon_code),
    groupDetail: (i, ctx) => p.membership.groupDetail(userIdOf(ctx), i.group_id),
    applyGroup: (i, ctx) => p.leaders.apply(userIdOf(ctx), i),
    myApplication: (_, ctx) => p.leaders.myApplication(userIdOf(ctx)),
    editGroup: (i, ctx) => p.leaders.editGroup(userIdOf(ctx), i),
    setPackDate: (i, ctx) => p.dates.setPackDate(userIdOf(ctx), i),
    getGroupMemberList: (i, ctx) => p.membership.members(userIdOf(ctx), ['active', 'blacklisted'], i),
    getGroupMemberListTmp: (i, ctx) => p.membership.members(userIdOf(ctx), ['blacklisted', 'kicked'], i),
    getGroupUserList: (i, ctx) => p.membership.members(userIdOf(ctx), ['active', 'blacklisted'], i, true),
    getGroupUserOrderList: (i, ctx) => p.membership.memberOrders(userIdOf(ctx), i.user_id),
    addBlock: (i, ctx) => p.membership.setMemberStatus(userIdOf(ctx), i.user_id, 'blacklisted'),
    deleteBlock: (i, ctx) => p.membership.setMemberStatus(userIdOf(ctx), i.user_id, 'active'),
    removeGroupByGroup: (i, ctx) => p.membership.setMemberStatus(userIdOf(ctx), i.user_id, 'kicked'),
    notifyMember: (i, ctx) => p.pickups.notifyMembers(userIdOf(ctx), i.batch_id, i.user_ids),
    backGroup: (i, ctx) => p.membership.enterMember(userIdOf(ctx), i.user_id, ctx),
    backGroupByH5: (_, ctx) => p.membership.backToLeader(ctx),
    getGroupPackList: (i, ctx) => p.batches.batchList(userIdOf(ctx), i),
    GetGroupPackOrderList: (i, ctx) => p.batches.batchOrders(userIdOf(ctx), i.batch_id),
    GetGroupPackOrderDetail: (i, ctx) => p.batches.packDetail(userIdOf(ctx), i.pack_id),
    GetGroupPackOrderUserList: (i, ctx) => p.batches.collectionList(userIdOf(ctx), i, ctx.lang),
    getGroupOrderList: (i, ctx) => p.batches.groupOrders(userIdOf(ctx), i),
    getGroupOrderDetail: (i, ctx) => p.batches.groupOrderDetail(userIdOf(ctx), i.pack_id),
    getPackGroupUserList: (i, ctx) => p.batches.payList(userIdOf(ctx), i),
    getPackGroupUnpaidBills: (i, ctx) => p.batches.unpaidBills(userIdOf(ctx), i.batch_id, i.user_ids),
    GetPackUserOrderList: (i, ctx) => p.pickups.myCollections(userIdOf(ctx), i),
    GetPackUserOrderDetail: (i, ctx) => p.pickups.myCollection(userIdOf(ctx), i.batch_id),
    confirmPickup: (i, ctx) => p.pickups.confirmPickup(userIdOf(ctx), i.pickup_code),
    signOutAll: (i, ctx) => p.pickups.signAll(userIdOf(ctx), i.batch_id),
    groupReward: (i, ctx) => p.rewards.rewards(userIdOf(ctx), i),
    getReferrerList: (i, ctx) => p.leaders.referrals(userIdOf(ctx), i),
  };
}

export function groupsAdminRoutes(p: GroupsParts): Handlers<typeof contract.groupsAdmin> {
  return {
    adminLeaderApplications: (i) => p.leaders.applications(i),
    adminReviewApplication: (i, ctx) => p.leaders.review(staffIdOf(ctx), i.id, i.approve, i.reason),
    adminGroups: (i) => p.leaders.adminGroups(i),
    adminGroupMembers: (i) => p.membership.adminMembers(i),
    adminSetGroupFlags: (i) => p.leaders.adminFlags(i.group_id, i),
    adminMoveMember: (i) => p.membership.adminMoveMember(i.user_id, i.group_id),
    adminGroupBatches: (i) => p.batches.adminBatches(i),
    adminGroupBatchDetail: (i) => p.batches.adminBatchDetail(i.batch_id),
    adminAdvanceGroupBatch: (i, ctx) => p.flow.advance(staffIdOf(ctx), i, ctx.lang),
    adminRewardSettings: (i, ctx) => {
      // Without a new rate this is the read the Group batches page opens with: not a staff write.
      if (i.rate_per_cbm === undefined) ctx.onlyRead = true;
      return p.rewards.rewardSettings(i.rate_per_cbm);
    },
    adminGroupRewards: (i) => p.rewards.adminRewards(i),
  };
}

const headers = {
  en: ['Nickname', 'Account', 'Recipient code', 'Orders', 'Parcels', 'Volume (cbm)', 'Amount (S$)', 'Paid', 'Signed'],
  zh_CN: ['昵称', '账号', '接龙代码', '订单数', '包裹数', '体积(立方)', '金额(新币)', '已支付', '已签收'],
};

/** The collection list of a batch as a real xlsx, behind a signed short-lived link from GetGroupPackOrderUserList. */
export async function registerGroupFileRoutes(app: FastifyInstance, batches: GroupBatches, version: () => string) {
  app.get<{ Params: { batchId: string }; Querystring: { u?: string; exp?: string; sig?: string; lang?: string } }>(
    '/api/files/group-collection/:batchId.xlsx',
    async (req, reply) => {
      const lang = parseLanguage(req.query.lang ?? req.headers.language);
      const batchId = Number(req.params.batchId);
      const userId = Number(req.query.u);
      if (!(await batches.checkExportLink(batchId, userId, Number(req.query.exp), String(req.query.sig ?? '').toLowerCase())))
        return reply.code(403).send(envelope(Code.LINK_EXPIRED, messageFor('LINK_EXPIRED', lang), version()));
      try {
        const { batch, rows } = await batches.exportRows(userId, batchId);
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
