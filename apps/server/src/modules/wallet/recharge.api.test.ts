import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { Code, contract, sgd, signFields } from '@pinyou/contract';
import { TEST_SECRET, type TestApp } from '../../test/harness.ts';
import { SandboxWxpayProvider } from '../../providers/wxpay.provider.ts';
import { parseTlv, verifyPayloadCrc } from './paynow.ts';
import { RechargeService } from './recharge.service.ts';
import { balanceOf, count, expectMoneyOnly, makeUser, PNG_1x1, staffToken, createWalletTestApp } from './wallet.test-helpers.ts';

const W = contract.wallet;
const WA = contract.walletAdmin;
let t: TestApp;

beforeAll(async () => {
  t = await createWalletTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

function multipart(fields: Record<string, unknown>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = `----pinyou${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(signFields(fields, TEST_SECRET))) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="voucher"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  token: string,
  fields: Record<string, unknown>,
  file?: { name: string; data: Buffer; type: string },
  lang: 'en' | 'zh_CN' = 'en',
) {
  const m = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: W.createRechargeOrder.path,
    payload: m.payload,
    headers: { ...m.headers, token, language: lang },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

describe('top-up input rules', () => {
  it('refuses bad amounts with the rule message in the caller language and writes nothing', async () => {
    const u = await makeUser(t);
    const cases: [unknown, string, string][] = [
      [undefined, 'Please enter the recharge amount', '请输入充值金额'],
      ['', 'Please enter the recharge amount', '请输入充值金额'],
      ['0', 'The amount must be greater than 0', '金额必须大于0'],
      ['0.00', 'The amount must be greater than 0', '金额必须大于0'],
      ['-5', 'The amount must be greater than 0', '金额必须大于0'],
      ['12.345', 'Please enter an amount with at most 2 decimals', '金额最多保留两位小数'],
      ['abc', 'Amount must be a number such as 12.50', '金额须为数字，例如12.50'],
    ];
    for (const [amount, en, zh] of cases) {
      const r = await t.call(W.createRechargeOrder, { amount, method: 'paynow' } as never, { token: u.token });
      expect(r.code, String(amount)).toBe(Code.VALIDATION);
      expect(r.msg).toBe(en);
      const z = await t.call(W.createRechargeOrder, { amount, method: 'paynow' } as never, { token: u.token, lang: 'zh_CN' });
      expect(z.msg).toBe(zh);
    }
    const big = await t.call(W.createRechargeOrder, { amount: '10000.01', method: 'paynow' }, { token: u.token });
    expect(big.code).toBe(Code.RECHARGE_TOO_LARGE);
    expect(big.msg).toBe('A single top-up can be at most S$10000.00');
    expect(await count(t, 'recharge_orders')).toBe(0);
    expect(await count(t, 'ledger_entries')).toBe(0);
  });

  it('needs a login and is refused in a member session', async () => {
    expect((await t.call(W.createRechargeOrder, { amount: '10', method: 'paynow' })).code).toBe(Code.LOGIN_REQUIRED);
    const leader = await makeUser(t, { leader: true, groupId: 7 });
    const asMember = await makeUser(t, { groupId: 7, actingLeaderId: leader.id });
    const r = await t.call(W.createRechargeOrder, { amount: '10', method: 'paynow' }, { token: asMember.token });
    expect(r.code).toBe(Code.MEMBER_SESSION);
  });
});

describe('PayNow', () => {
  it('returns an SGQR payload whose CRC verifies, whose fields parse back, and whose PNG decodes to it', async () => {
    const u = await makeUser(t);
    const r = await t.call(W.createRechargeOrder, { amount: '12.30', method: 'paynow' }, { token: u.token });
    expect(r.code, r.msg).toBe(0);
    const { payload, reference, qr_png_data_url, uen, name } = r.data.paynow;
    expect(verifyPayloadCrc(payload)).toBe(true);
    const f = parseTlv(payload);
    expect(f.get('00')).toBe('01');
    expect(f.get('53')).toBe('702');
    expect(f.get('54')).toBe('12.30');
    expect(r.data.paynow.amount).toEqual(sgd(1230));
    expect(r.data.order.amount).toEqual(sgd(1230));
    expectMoneyOnly(r.data);
    expect(f.get('58')).toBe('SG');
    expect(f.get('59')).toBe(name);
    const merchant = parseTlv(f.get('26')!);
    expect(merchant.get('00')).toBe('SG.PAYNOW');
    expect(merchant.get('01')).toBe('2');
    expect(merchant.get('02')).toBe(uen);
    expect(merchant.get('03')).toBe('0');
    expect(parseTlv(f.get('62')!).get('01')).toBe(reference);
    expect(payload.slice(-8, -4)).toBe('6304');
    // A corrupted payload fails its CRC.
    expect(verifyPayloadCrc(payload.replace('12.30', '12.31'))).toBe(false);

    const png = PNG.sync.read(Buffer.from(qr_png_data_url.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(payload);

    // Pending until staff confirm the receipt; then credited once.
    expect(await balanceOf(t, u.id)).toBe(0);
    const staff = await staffToken(t);
    const ok = await t.call(WA.adminApproveRecharge, { id: r.data.order.id }, { token: staff });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.status).toBe('paid');
    expect(await balanceOf(t, u.id)).toBe(1230);
    const again = await t.call(WA.adminApproveRecharge, { id: r.data.order.id }, { token: staff });
    expect(again.code).toBe(Code.RECHARGE_NOT_PENDING);
    expect(await balanceOf(t, u.id)).toBe(1230);

    const list = await t.call(W.getTransactionList, {}, { token: u.token });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ type: 'topup', amount: sgd(1230), balance_after: sgd(1230) });
    const detail = await t.call(W.getTransactionDetail, { id: list.data.list[0].id }, { token: u.token });
    expect(detail.data.recharge.order_no).toBe(reference);
    const q = await t.call(W.queryRecharge, { order_no: reference }, { token: u.token });
    expect(q.data.order.status).toBe('paid');
    expect(q.data.balance).toEqual(sgd(1230));
    expectMoneyOnly(q.data);
  });
});

describe('offline transfer with a voucher', () => {
  it('requires an image voucher, checked by content', async () => {
    const u = await makeUser(t);
    const none = await upload(u.token, { amount: '50', method: 'offline' });
    expect(none.code).toBe(Code.VALIDATION);
    expect(none.msg).toBe('Please upload the voucher');
    const noneZh = await upload(u.token, { amount: '50', method: 'offline' }, undefined, 'zh_CN');
    expect(noneZh.msg).toBe('请上传凭证');
    const fake = await upload(
      u.token,
      { amount: '50', method: 'offline' },
      { name: 'receipt.png', data: Buffer.from('not an image at all'), type: 'image/png' },
    );
    expect(fake.code).toBe(Code.BAD_FILE);
    const huge = Buffer.from(PNG_1x1);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    const pixels = await upload(u.token, { amount: '50', method: 'offline' }, { name: 'big.png', data: huge, type: 'image/png' });
    expect(pixels.code).toBe(Code.BAD_FILE);
    const tooBig = Buffer.concat([PNG_1x1, Buffer.alloc(9 * 1024 * 1024)]);
    const large = await upload(u.token, { amount: '50', method: 'offline' }, { name: 'big.png', data: tooBig, type: 'image/png' });
    expect(large.code).toBe(Code.PAYLOAD_TOO_LARGE);
    const badAmount = await upload(u.token, { amount: '5.001', method: 'offline' }, { name: 'r.png', data: PNG_1x1, type: 'image/png' });
    expect(badAmount.code).toBe(Code.VALIDATION);
    expect(await count(t, 'recharge_orders')).toBe(0);
  });

  it('staff approve or reject with a reason the customer sees', async () => {
    const u = await makeUser(t);
    const a = await upload(
      u.token,
      { amount: '50', method: 'offline', remark: 'DBS ref 123' },
      { name: 'r.png', data: PNG_1x1, type: 'image/png' },
    );
    expect(a.code, a.msg).toBe(0);
    expect(a.data.order).toMatchObject({ status: 'pending', method: 'offline', amount: sgd(5000) });
    // Vouchers are private: a short-lived signed link, never the public /uploads/ path.
    expect(a.data.order.voucher_url).toMatch(/^\/files\/.+\?exp=\d+&sig=[0-9a-f]{64}$/);
    const served = await t.app.inject({ method: 'GET', url: a.data.order.voucher_url });
    expect(served.statusCode).toBe(200);
    const name = a.data.order.voucher_url.split('?')[0].replace('/files/', '');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    // Flip the first signature digit to a different one (a fixed '0' would match one link in sixteen).
    const forged = a.data.order.voucher_url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const b = await upload(u.token, { amount: '20', method: 'offline' }, { name: 'r.png', data: PNG_1x1, type: 'image/png' });

    const warehouse = await staffToken(t, 'warehouse');
    expect((await t.call(WA.adminApproveRecharge, { id: a.data.order.id }, { token: warehouse })).code).toBe(Code.FORBIDDEN);
    expect((await t.call(WA.adminApproveRecharge, { id: a.data.order.id }, { token: u.token })).code).toBe(Code.FORBIDDEN);

    const staff = await staffToken(t);
    const pending = await t.call(WA.adminRechargeList, { status: 'pending', method: 'offline' }, { token: staff });
    expect(pending.data.total).toBe(2);
    expect((await t.call(WA.adminApproveRecharge, { id: a.data.order.id }, { token: staff })).code).toBe(0);
    const rej = await t.call(WA.adminRejectRecharge, { id: b.data.order.id, reason: 'Voucher unreadable' }, { token: staff });
    expect(rej.data).toMatchObject({ status: 'rejected', reject_reason: 'Voucher unreadable' });
    expect((await t.call(WA.adminApproveRecharge, { id: b.data.order.id }, { token: staff })).code).toBe(Code.RECHARGE_NOT_PENDING);
    expect((await t.call(WA.adminRejectRecharge, { id: a.data.order.id, reason: 'x' }, { token: staff })).code).toBe(
      Code.RECHARGE_NOT_PENDING,
    );

    const mine = await t.call(W.getRechargeOrderList, {}, { token: u.token });
    expect(mine.data.list.map((o: { status: string; reject_reason: string | null }) => [o.status, o.reject_reason])).toEqual([
      ['rejected', 'Voucher unreadable'],
      ['paid', null],
    ]);
    expect(await balanceOf(t, u.id)).toBe(5000);
    // Someone else's order is not visible.
    const other = await makeUser(t);
    expect((await t.call(W.queryRecharge, { order_no: a.data.order.order_no }, { token: other.token })).code).toBe(Code.OBJECT_NOT_FOUND);
  });

  it('accepts a voucher uploaded before by the same user only', async () => {
    const u = await makeUser(t);
    const up = await t.services.uploads.saveImage(
      { userId: u.id },
      'voucher',
      { field: 'file', filename: 'a.png', mimetype: 'image/png', buffer: PNG_1x1 },
      'en',
    );
    const ok = await t.call(W.createRechargeOrder, { amount: '10', method: 'offline', voucher_url: up.url }, { token: u.token });
    expect(ok.code, ok.msg).toBe(0);
    const other = await makeUser(t);
    const stolen = await t.call(W.createRechargeOrder, { amount: '10', method: 'offline', voucher_url: up.url }, { token: other.token });
    expect(stolen.msg).toBe('Please upload the voucher');
  });
});

describe('WeChat Pay (sandbox) end to end', () => {
  async function start(amount = '25.50') {
    const u = await makeUser(t);
    const r = await t.call(W.createRechargeOrder, { amount, method: 'wechat' }, { token: u.token });
    expect(r.code, r.msg).toBe(0);
    return { u, order: r.data.order, payUrl: r.data.pay_url as string };
  }
  const sandbox = () => t.services.providers.wxpay as SandboxWxpayProvider;

  it('pay page, confirm, signed notification, credit once', async () => {
    const { u, order, payUrl } = await start();
    expect(payUrl).toMatch(new RegExp(`^/sandbox/wxpay/${order.order_no}/[0-9a-f]{32}$`));
    // Without the link's key (only the creating session got it) the page neither shows nor credits anything.
    const bare = `/sandbox/wxpay/${order.order_no}`;
    expect((await t.app.inject({ method: 'GET', url: `${bare}/${'0'.repeat(32)}` })).statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${bare}/${'0'.repeat(32)}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(409);
    expect(await balanceOf(t, u.id)).toBe(0);
    const pageRes = await t.app.inject({ method: 'GET', url: payUrl });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('S$25.50');
    expect(pageRes.body).not.toMatch(/<script/);
    expect(pageRes.headers['content-security-policy']).toContain("script-src 'self'");

    const confirm = await t.app.inject({
      method: 'POST',
      url: `${payUrl}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Payment succeeded');
    expect(await balanceOf(t, u.id)).toBe(2550);

    // WeChat retries: the same notification again, and a fresh one for the same payment.
    const note = sandbox().notification(order.order_no);
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: note.headers, payload: note.body });
      expect(r.json().code).toBe(0);
    }
    expect(await balanceOf(t, u.id)).toBe(2550);
    const q = await t.call(W.queryRecharge, { order_no: order.order_no }, { token: u.token });
    expect(q.data.order.status).toBe('paid');
    expect((await t.call(WA.adminReconcile, {}, { token: await staffToken(t) })).data.ok).toBe(true);
  });

  it('simultaneous duplicate notifications credit once', async () => {
    const { u, order } = await start('9.99');
    sandbox().confirm(order.order_no);
    const note = sandbox().notification(order.order_no);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: note.headers, payload: note.body }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().code === 0)).toBe(true);
    expect(await balanceOf(t, u.id)).toBe(999);
    expect(await count(t, 'ledger_transactions')).toBe(1);
  });

  it('forged, tampered, stale and wrong-amount notifications credit nothing', async () => {
    const { u, order } = await start('30');
    sandbox().confirm(order.order_no);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = sandbox().notification(order.order_no, {}, other.privateKey);
    const r1 = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: forged.headers, payload: forged.body });
    expect(r1.json().code).toBe(Code.SIGN_INVALID);

    const good = sandbox().notification(order.order_no);
    const tampered = good.body.replace('"summary":"支付成功"', '"summary":"paid!!"');
    const r2 = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: good.headers, payload: tampered });
    expect(r2.json().code).toBe(Code.SIGN_INVALID);

    const stale = { ...good.headers, 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
    const r3 = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: stale, payload: good.body });
    expect(r3.json().code).toBe(Code.SIGN_INVALID);

    const wrongAmount = sandbox().notification(order.order_no, { amount: { total: 300000, currency: 'SGD' } });
    const r4 = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: wrongAmount.headers, payload: wrongAmount.body });
    expect(r4.json().code).toBe(Code.PAYMENT_FAILED);
    const wrongCurrency = sandbox().notification(order.order_no, { amount: { total: 3000, currency: 'CNY' } });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: wrongCurrency.headers, payload: wrongCurrency.body })).json()
        .code,
    ).toBe(Code.PAYMENT_FAILED);
    const unknown = sandbox().notification('R000000000000NOPE');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: unknown.headers, payload: unknown.body })).json().code,
    ).toBe(Code.PAYMENT_FAILED);
    const noHeaders = await t.app.inject({
      method: 'POST',
      url: '/api/notify/wxpay',
      headers: { 'content-type': 'application/json' },
      payload: good.body,
    });
    expect(noHeaders.json().code).toBe(Code.SIGN_INVALID);

    expect(await balanceOf(t, u.id)).toBe(0);
    expect(await count(t, 'ledger_entries')).toBe(0);
    // The genuine one still works afterwards.
    const r5 = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: good.headers, payload: good.body });
    expect(r5.json().code).toBe(0);
    expect(await balanceOf(t, u.id)).toBe(3000);
  });

  it('a lost notification is recovered by queryRecharge; cancel closes the order', async () => {
    const { u, order } = await start('8');
    sandbox().confirm(order.order_no); // paid at WeChat, notification never arrives
    const q = await t.call(W.queryRecharge, { order_no: order.order_no }, { token: u.token });
    expect(q.data.order.status).toBe('paid');
    expect(q.data.balance).toEqual(sgd(800));

    const second = await start('5');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${second.payUrl}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.body).toContain('Payment cancelled');
    const q2 = await t.call(W.queryRecharge, { order_no: second.order.order_no }, { token: second.u.token });
    expect(q2.data.order).toMatchObject({ status: 'closed', reject_reason: 'Payment cancelled' });
    const q3 = await t.call(W.queryRecharge, { order_no: second.order.order_no }, { token: second.u.token, lang: 'zh_CN' });
    expect(q3.data.order.reject_reason).toBe('支付已取消');
    expect(await balanceOf(t, second.u.id)).toBe(0);
  });

  it('the sandbox pay page returns to the in-app redirect_url it was given, never to another site', async () => {
    const { order, payUrl } = await start();
    const back = `/#/pages/sub/payDone?kind=recharge&id=${order.order_no}`;
    const pageRes = await t.app.inject({ method: 'GET', url: `${payUrl}?redirect_url=${encodeURIComponent(back)}` });
    expect(pageRes.body).toContain(`action="${payUrl}/confirm?redirect_url=${encodeURIComponent(back).replace(/&/g, '&amp;')}"`);
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' };
    const confirm = await t.app.inject({ method: 'POST', url: `${payUrl}/confirm?redirect_url=${encodeURIComponent(back)}`, ...form });
    expect(confirm.body).toContain(`href="${back.replace(/&/g, '&amp;')}"`);

    const other = await start('5');
    const evil = await t.app.inject({
      method: 'POST',
      url: `${other.payUrl}/cancel?redirect_url=${encodeURIComponent('https://evil.example/#/x')}`,
      ...form,
    });
    expect(evil.body).toContain('href="/#/pages/sub/recharge"');
    expect(evil.body).not.toContain('evil.example');
  });

  it('other JSON calls still parse as before (and malformed JSON is a validation error)', async () => {
    const u = await makeUser(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: W.getMailRechange.path,
      headers: { 'content-type': 'application/json', token: u.token, language: 'en' },
      payload: '{"amount": ',
    });
    expect(bad.json().code).toBe(Code.VALIDATION);
    const proto = await t.app.inject({
      method: 'POST',
      url: W.getMailRechange.path,
      headers: { 'content-type': 'application/json', language: 'en' },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(proto.json().code).not.toBe(0);
  });

  it('an instant payment still pending after 3 minutes suggests paying offline', async () => {
    const { u, order } = await start('6');
    expect((await t.call(W.queryRecharge, { order_no: order.order_no }, { token: u.token })).data.order.suggest_offline).toBe(false);
    await t.services.db.execute(sql`update recharge_orders set created_at = now() - interval '4 minutes'`);
    const q = await t.call(W.queryRecharge, { order_no: order.order_no }, { token: u.token });
    expect(q.data.order).toMatchObject({ status: 'pending', suggest_offline: true });
  });

  it('JSAPI needs a WeChat-linked account', async () => {
    const u = await makeUser(t);
    const r = await t.call(W.createRechargeOrder, { amount: '10', method: 'wechat', trade_type: 'jsapi' }, { token: u.token });
    expect(r.code).toBe(Code.WECHAT_OPENID_REQUIRED);
  });

  it('with only the sandbox in production (WXPAY_SANDBOX unset) WeChat top-ups are off', async () => {
    const u = await makeUser(t);
    const off = new RechargeService(
      t.services.db,
      t.services.settings,
      t.services.uploads,
      t.services.providers.wxpay,
      'http://x/api/notify/wxpay',
      false,
    );
    await expect(
      off.create(u.id, { amount: 100, method: 'wechat', trade_type: 'h5' }, { lang: 'en', ip: '1', files: [] }),
    ).rejects.toMatchObject({ name: 'PAYMENT_FAILED' });
    expect((await off.pageInfo(u.id)).methods).toEqual(['paynow', 'offline']);
    expect(await count(t, 'recharge_orders')).toBe(0);
  });

  it('top-up page data', async () => {
    const u = await makeUser(t);
    const r = await t.call(W.getMailRechange, {}, { token: u.token });
    expect(r.data).toMatchObject({
      balance: sgd(0),
      max_amount: sgd(1_000_000),
      methods: ['wechat', 'paynow', 'offline'],
      manual_review_working_days: 1,
      instant_switch_after_minutes: 3,
    });
    expect(r.data.paynow.uen).toBe('202412345K');
  });
});
