import type { EndpointDef } from './endpoint.ts';
import { contract, type Contract } from './catalogue.ts';

type EndpointName = { [D in keyof Contract]: `${D & string}.${keyof Contract[D] & string}` }[keyof Contract];

/**
 * A member session (a leader logged into a member's account with backGroup) may only look and go back
 * (spec §5: it cannot act, and is asked to log out of the member account first). Every customer call
 * (`user` or `optional` login) is refused in a member session unless it is listed here: a call added
 * later is refused until someone reviews it and adds it. Each entry says why it is safe.
 */
export const memberSessionAllowed: Readonly<Partial<Record<EndpointName, string>>> = {
  // Going back: the ways out of the member account.
  'groups.backGroupByH5': "back to the leader's own account",
  'account.unbind': 'log out: ends only this member session',

  // Reads.
  'account.authInfo': 'read',
  'account.getMoreAccountByH5': 'read',
  'account.getMoreAccount': 'read',
  'account.getUserAddressList': 'read',
  'account.getUserDefaultAddress': 'read',
  'wallet.getRechargeOrderList': 'read',
  'wallet.queryRecharge': 'read (settles a pending top-up the member made, idempotently)',
  'wallet.getMailRechange': 'read',
  'wallet.getTransactionList': 'read',
  'wallet.getTransactionDetail': 'read',
  'wallet.getCoupunList': 'read',
  'wallet.showUnclaimedActivityCouponList': 'read',
  'wallet.getPayInfo': 'read',
  'wallet.getPayInfos': 'read',
  'wallet.getBillList': 'read',
  'parcels.warehouseAddress': 'read',
  'parcels.getOrderList': 'read',
  'parcels.getAllOrderList': 'read',
  'parcels.GetRecordOrderList': 'read',
  'parcels.getOrderDetail': 'read',
  'parcels.GetRecordOrderDetail': 'read',
  'parcels.getIsLowCostList': 'read',
  'parcels.waitEditOrder': 'read',
  'parcels.batchGetList': 'read',
  'parcels.batchGetDetail': 'read',
  'parcels.getFreight': 'read',
  'parcels.applyPackList': 'read',
  'parcels.checkApplyPack': 'read (checks a packing request, books nothing)',
  'parcels.orderApplyPackDetail': 'read',
  'parcels.getUserPackList': 'read',
  'parcels.getUserPackDetail': 'read',
  'parcels.packClaimList': 'read',
  'parcels.getUserPackNoList': 'read',
  'parcels.getPackList': 'read',
  'parcels.getPackOrderList': 'read',
  'parcels.getPackOrderDetail': 'read',
  'parcels.getVacation': 'read',
  'parcels.getPackDateList': 'read',
  'parcels.getDispatchInfo': 'read',
  'parcels.queryLogistics': 'read',
  'parcels.getReturnList': 'read',
  'parcels.showLargeCargo': 'read',
  'parcels.getInvoice': 'read (the waybill to print)',
  'parcels.doorServiceList': 'read',
  'platform.notificationList': 'read',
  'platform.notificationUnreadCount': 'read',
  'platform.notificationSettings': 'read',
  'platform.notificationChannelState': 'read',
  'groups.getGroupList': 'read',
  'groups.getGroupListAll': 'read',
  'groups.groupList': 'read',
  'groups.groupDetail': 'read',
  'groups.myApplication': 'read',
  'groups.getGroupMemberList': 'read',
  'groups.getGroupMemberListTmp': 'read',
  'groups.getGroupUserList': 'read',
  'groups.getGroupUserOrderList': 'read',
  'groups.getGroupPackList': 'read',
  'groups.GetGroupPackOrderList': 'read',
  'groups.GetGroupPackOrderDetail': 'read',
  'groups.GetGroupPackOrderUserList': 'read',
  'groups.getGroupOrderList': 'read',
  'groups.getGroupOrderDetail': 'read',
  'groups.getPackGroupUserList': 'read',
  'groups.getPackGroupUnpaidBills': 'read',
  'groups.GetPackUserOrderList': 'read',
  'groups.GetPackUserOrderDetail': 'read',
  'groups.groupReward': 'read',
  'groups.getReferrerList': 'read',
  'mall.getIndex': 'read',
  'mall.getCategory': 'read',
  'mall.getRequestParam': 'read',
  'mall.searchSuggest': 'read',
  'mall.slideList': 'read',
  'mall.searchCategory': 'read',
  'mall.getDetail': 'read (no footprint is recorded in a member session)',
  'mall.getPDDUrl': 'read',
  'mall.getJDBySkuid': 'read',
  'mall.showShoppingCart': 'read',
  'mall.showShoppingCartCount': 'read',
  'mall.getTradeInfo': 'read (the settlement preview; ordering is refused)',
  'mall.getRecords': 'read',
  'mall.getRecordsCount': 'read',
  'mall.getRecordDetail': 'read',
  'mall.getWxPayResult': 'read',
  'mall.getLogistics': 'read',
  'mall.getTaobaoPreSaleIm': 'read',
  'mall.getFootprintList': 'read',
  'mall.getSearchHistory': 'read',
  'mall.getRecommendGoods': 'read',
  'content.noticeList': 'read',
  'content.articleList': 'read',
  'content.articleOne': 'read',
  'content.slideList': 'read',
  'content.jumpPage': 'read',
  'content.chatHistory': 'read',
  'content.supportMessages': 'read',
  'content.getPddList': 'read',
  'content.getPddDetail': 'read',
};

const allowed = new Set<EndpointDef>(
  Object.keys(memberSessionAllowed).map((name) => {
    const [domain, call] = name.split('.');
    return (contract as unknown as Record<string, Record<string, EndpointDef>>)[domain][call];
  }),
);

/** Whether a member session is refused this call (MEMBER_SESSION): every customer call not listed above. */
export function refusedInMemberSession(def: EndpointDef): boolean {
  return (def.auth === 'user' || def.auth === 'optional') && !allowed.has(def);
}
