import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, rateCardForm } from '../../test/fixtures.ts';
import { key, makeUser } from '../wallet/wallet.test-helpers.ts';
import { realGroup } from '../groups/groups.test-kit.ts';
import { product } from '../mall/mall-orders.test-kit.ts';
import { supportConversations } from '../content/content.schema.ts';

const AD = contract.admin;
const W = contract.wallet;
const WA = contract.walletAdmin;
const PA = contract.parcelsAdmin;
const GA = contract.groupsAdmin;
const MA = contract.mallAdmin;
const CA = contract.contentAdmin;

type Entry = { action: string; object_type: string; object_id: string; outcome: number; staff_id: number | null; before: any; after: any };

let t: TestApp;
let admin: { token: string; id: number };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  const account = `auditor${++seq}`;
  await t.services.staff.createStaff(account, 'Auditor', 'admin', 'staffpass1');
  const r = await t.call(AD.adminLogin, { account, password: 'staffpass1' });
  expect(r.code, r.msg).toBe(0);
  admin = { token: r.data.token, id: r.data.staff.id };
});

/** The service's before/after row for one object (the pipeline's own row has outcome 0, not -1). */
async function detailRow(action: string, objectType: string, objectId: number | string): Promise<Entry> {
  const log = await ok(
    t.call(AD.auditList, { object_type: objectType, object_id: String(objectId), page_size: 50 }, { token: admin.token }),
  );
  const rows = (log.list as Entry[]).filter((e) => e.action === action && e.outcome === -1);
  expect(rows, `${action} ${objectType} ${objectId}: ${JSON.stringify(log.list)}`).toHaveLength(1);
  expect(rows[0].staff_id).toBe(admin.id);
  return rows[0];
}

describe('staff writes record the object before and after, in the write’s transaction', () => {
  it('customers and money: disabling a user, approving a top-up, adjusting a balance', async () => {
    const u = await makeUser(t);
    await ok(t.call(AD.setUserDisabled, { user_id: u.id, disabled: 1 }, { token: admin.token }));
    const disabled = await detailRow('admin/setUserDisabled', 'user', u.id);
    expect(disabled.before).toMatchObject({ disabled: false });
    expect(disabled.after).toMatchObject({ disabled: true });

    const v = await makeUser(t);
    const order = await ok(t.call(W.createRechargeOrder, { amount: '12.30', method: 'paynow' }, { token: v.token }));
    await ok(t.call(WA.adminApproveRecharge, { id: order.order.id }, { token: admin.token }));
    const approved = await detailRow('admin/wallet/approveRecharge', 'recharge', order.order.id);
    expect(approved.before).toMatchObject({ status: 'pending', amount_minor: 1230, user_id: v.id });
    expect(approved.after).toMatchObject({ status: 'paid', amount_minor: 1230, reviewed_by: admin.id });

    await ok(
      t.call(
        WA.adminAdjustBalance,
        { user_id: v.id, amount: '2.00', reason: 'Compensation', idempotency_key: key() },
        { token: admin.token },
      ),
    );
    const adjusted = await detailRow('admin/wallet/adjustBalance', 'user', v.id);
    expect(adjusted.before).toEqual({ balance_minor: 1230 });
    expect(adjusted.after).toMatchObject({ balance_minor: 1430, amount_minor: 200, reason: 'Compensation' });
  });

  it('parcels: a rate card edit and a new holiday', async () => {
    await t.services.parcels.ensureDefaultRateCards();
    const cards = await ok(t.call(PA.adminRateCardList, {}, { token: admin.token }));
    const card = cards.list.find((c: any) => c.mode === 'SEA' && c.category === 'normal');
    const band1 = card.band1_per_step.amount_minor;
    await ok(t.call(PA.adminRateCardSave, rateCardForm(card, { band1_per_step: band1 + 7 }), { token: admin.token }));
    const saved = await detailRow('admin/parcels/rateCardSave', 'rate_card', card.id);
    expect(saved.before).toEqual({ mode: 'SEA', category: 'normal', band1_per_step_minor: band1 });
    expect(saved.after).toEqual({ mode: 'SEA', category: 'normal', band1_per_step_minor: band1 + 7 });

    const h = await ok(t.call(PA.adminHolidaySave, { date: '2031-02-03', reason: 'Spring Festival' }, { token: admin.token }));
    const created = await detailRow('admin/parcels/holidaySave', 'holiday', h.id);
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ id: h.id, date: '2031-02-03', reason: 'Spring Festival' });
    await ok(t.call(PA.adminHolidaySave, { id: h.id, date: '2031-02-03', reason: 'New Year' }, { token: admin.token }));
    const log = await ok(t.call(AD.auditList, { object_type: 'holiday', object_id: String(h.id) }, { token: admin.token }));
    const edit = (log.list as Entry[]).find((e) => e.outcome === -1 && e.before);
    expect(edit?.before).toEqual({ date: '2031-02-03', reason: 'Spring Festival' });
    expect(edit?.after).toEqual({ date: '2031-02-03', reason: 'New Year' });
  });

  it('groups: hiding a group', async () => {
    const leader = await makeUser(t);
    const groupId = await realGroup(t, leader.id);
    await ok(t.call(GA.adminSetGroupFlags, { group_id: groupId, hidden: true }, { token: admin.token }));
    const flags = await detailRow('admin/groups/flags', 'group', groupId);
    expect(flags.before).toMatchObject({ hidden: false, paused: false });
    expect(flags.after).toMatchObject({ hidden: true, paused: false });
  });

  it('mall: stock of an own-shop SKU and the mall settings', async () => {
    const p = await product(t, { source: 'self', stock: 5 });
    await ok(t.call(MA.adminSetMallStock, { sku_id: p.skuId, stock: 9 }, { token: admin.token }));
    const stock = await detailRow('admin/mall/products/stock', 'mall_sku', p.skuId);
    expect(stock.before).toMatchObject({ product_id: p.id, stock: 5 });
    expect(stock.after).toMatchObject({ product_id: p.id, stock: 9 });

    const s = await ok(t.call(MA.adminMallSettings, {}, { token: admin.token }));
    await ok(t.call(MA.adminSaveMallSettings, { ...s, pay_within_minutes: s.pay_within_minutes + 15 }, { token: admin.token }));
    const settings = await detailRow('admin/mall/settings/save', 'mall_settings', 1);
    expect(settings.before).toEqual({ pay_within_minutes: s.pay_within_minutes });
    expect(settings.after).toEqual({ pay_within_minutes: s.pay_within_minutes + 15 });
  });

  it('content: an article edit and closing a support conversation', async () => {
    const article = {
      slug: 'audited-article',
      category: 'guide',
      title_en: 'How to ship',
      title_zh: '如何寄送',
      body_en: '<p>Body</p>',
      body_zh: '<p>正文</p>',
    };
    const a = await ok(t.call(CA.adminArticleSave, article, { token: admin.token }));
    await ok(t.call(CA.adminArticleSave, { ...article, id: a.id, title_en: 'How to ship by sea' }, { token: admin.token }));
    const log = await ok(t.call(AD.auditList, { object_type: 'article', object_id: String(a.id) }, { token: admin.token }));
    const details = (log.list as Entry[]).filter((e) => e.outcome === -1 && e.action === 'admin/content/articleSave');
    expect(details).toHaveLength(2);
    const edit = details.find((e) => e.before)!;
    expect(edit.before).toEqual({ slug: 'audited-article', title_en: 'How to ship' });
    expect(edit.after).toEqual({ slug: 'audited-article', title_en: 'How to ship by sea' });

    const c = await makeUser(t);
    const [conv] = await t.services.db.insert(supportConversations).values({ userId: c.id }).returning();
    await ok(t.call(CA.adminSupportClose, { id: conv.id }, { token: admin.token }));
    const closed = await detailRow('admin/support/close', 'support_conversation', conv.id);
    expect(closed.before).toEqual({ user_id: c.id, status: 'waiting', staff_id: null });
    expect(closed.after).toEqual({ user_id: c.id, status: 'closed', staff_id: admin.id });
  });

  it('the other writes each leave one before/after row under their call’s action', async () => {
    const seen: [string, string, number | string][] = [];
    const check = async (action: string, type: string, id: number | string, expectBefore: boolean, expectAfter = true) => {
      const row = await detailRow(action, type, id);
      expect(row.before !== null, `${action} before`).toBe(expectBefore);
      expect(row.after !== null, `${action} after`).toBe(expectAfter);
      seen.push([action, type, id]);
    };

    const u = await makeUser(t);
    const order = await ok(t.call(W.createRechargeOrder, { amount: '5', method: 'paynow' }, { token: u.token }));
    await ok(t.call(WA.adminRejectRecharge, { id: order.order.id, reason: 'Unreadable' }, { token: admin.token }));
    await check('admin/wallet/rejectRecharge', 'recharge', order.order.id, true);
    const batch = await ok(
      t.call(
        WA.adminCouponBatchCreate,
        { kind: 'discount', name_en: 'Coupon', name_zh: '优惠券', issue_mode: 'code', discount_type: 'amount', amount: '1' } as never,
        { token: admin.token },
      ),
    );
    await check('admin/wallet/couponBatchCreate', 'coupon_batch', batch.id, false);
    await ok(t.call(WA.adminCouponCodesCreate, { batch_id: batch.id, count: 2 }, { token: admin.token }));
    await check('admin/wallet/couponCodesCreate', 'coupon_batch', batch.id, false);

    await t.services.parcels.ensureDefaultRateCards();
    const cards = await ok(t.call(PA.adminRateCardList, {}, { token: admin.token }));
    await ok(t.call(PA.adminRateCardDelete, { id: cards.list[0].id }, { token: admin.token }));
    await check('admin/parcels/rateCardDelete', 'rate_card', cards.list[0].id, true, false);
    const h = await ok(t.call(PA.adminHolidaySave, { date: '2031-05-01', reason: 'Labour Day' }, { token: admin.token }));
    await ok(t.call(PA.adminHolidayDelete, { id: h.id }, { token: admin.token }));
    await check('admin/parcels/holidayDelete', 'holiday', h.id, true, false);
    const ob = await ok(t.call(PA.adminBatchCreate, { mode: 'SEA', container: 'C1', pack_date: '2031-05-02' }, { token: admin.token }));
    await check('admin/parcels/batchCreate', 'batch', ob.id, false);

    await ok(t.call(GA.adminRewardSettings, { rate_per_cbm: 12.5 }, { token: admin.token }));
    const reward = await detailRow('admin/groups/reward-settings', 'reward_settings', 1);
    expect(reward.after).toEqual({ reward_per_cbm_minor: 1250 });
    const leaderA = await makeUser(t);
    const leaderB = await makeUser(t);
    const member = await makeUser(t);
    const from = await realGroup(t, leaderA.id, [member.id]);
    const to = await realGroup(t, leaderB.id);
    await ok(t.call(GA.adminMoveMember, { user_id: member.id, group_id: to }, { token: admin.token }));
    const moved = await detailRow('admin/groups/move-member', 'user', member.id);
    expect(moved.before).toMatchObject({ group_id: from });
    expect(moved.after).toMatchObject({ group_id: to });

    const p = await product(t, { source: 'self' });
    await ok(t.call(MA.adminSetMallProductOnSale, { ids: [p.id], on_sale: false }, { token: admin.token }));
    const onSale = await detailRow('admin/mall/products/on-sale', 'mall_product', p.id);
    expect([onSale.before.on_sale, onSale.after.on_sale]).toEqual([true, false]);
    const cat = await ok(t.call(MA.adminSaveMallCategory, { name_zh: '零食', name_en: 'Snacks' }, { token: admin.token }));
    await check('admin/mall/categories/save', 'mall_category', cat.id, false);
    const slide = await ok(t.call(MA.adminSaveMallSlide, { image: '/uploads/a.png', link_type: 'none' }, { token: admin.token }));
    await check('admin/mall/slides/save', 'mall_slide', slide.id, false);
    await ok(t.call(MA.adminDeleteMallSlide, { id: slide.id }, { token: admin.token }));
    await check('admin/mall/slides/delete', 'mall_slide', slide.id, true, false);

    const n = await ok(
      t.call(CA.adminNoticeSave, { title_en: 'Hello', title_zh: '你好', link_type: 'none', link_target: '' }, { token: admin.token }),
    );
    await check('admin/content/noticeSave', 'notice', n.id, false);
    await ok(t.call(CA.adminContentPublish, { kind: 'notice', id: n.id, published: true }, { token: admin.token }));
    const published = await detailRow('admin/content/publish', 'notice', n.id);
    expect([published.before.published, published.after.published]).toEqual([false, true]);
    await ok(t.call(CA.adminContentDelete, { kind: 'notice', id: n.id }, { token: admin.token }));
    await check('admin/content/delete', 'notice', n.id, true, false);
    const [conv] = await t.services.db.insert(supportConversations).values({ userId: u.id }).returning();
    await ok(t.call(CA.adminSupportAssign, { id: conv.id }, { token: admin.token }));
    await check('admin/support/assign', 'support_conversation', conv.id, true);
    await ok(t.call(CA.adminSupportReply, { id: conv.id, body: 'Hello' }, { token: admin.token }));
    await check('admin/support/reply', 'support_conversation', conv.id, true);
    expect(seen.length).toBeGreaterThan(10);
  });
});
