import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { allEndpoints, Code, contract, makeNonce, signFields } from '@pinyou/contract';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/harness.ts';
import { multipartBody, pngBytes } from '../test/upload-fixtures.ts';
import { SandboxWechatProvider, type WechatProvider } from '../providers/wechat.provider.ts';
import { addresses, sessions, uploads, users, verificationCodes } from '../db/schema.ts';

const A = contract.account;
let t: TestApp;

const SECRET_DETAIL = 'ECONNREFUSED 10.0.0.7:443 password=hunter2';
// A WeChat code starting with "boom" makes the provider throw (an outage, not a refusal), internals in the text.
const sandboxWechat = new SandboxWechatProvider();
const wechat: WechatProvider = {
  name: 'sandbox',
  async exchangeCode(code) {
    if (code.startsWith('boom')) throw new Error(`WeChat upstream ${SECRET_DETAIL}`);
    return sandboxWechat.exchangeCode(code);
  },
};

beforeAll(async () => {
  t = await createTestApp({ providers: { wechat } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

async function count(table: typeof users | typeof sessions | typeof uploads | typeof addresses | typeof verificationCodes) {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row.n;
}

async function wechatUser(name = 'wendy') {
  const res = await t.call(A.appletLogin, { code: `sandbox:${name}` });
  expect(res.code, res.msg).toBe(0);
  return res.data.token as string;
}

/** Raw request without the harness defaults (no language header unless given). */
async function raw(
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: object; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({ method, url, payload: opts.body, query: opts.query, headers: opts.headers, remoteAddress: '127.0.0.1' });
  return { status: res.statusCode, headers: res.headers, text: res.body, json: () => res.json() };
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

describe('signature (property based)', () => {
  const reserved = new Set(['sign', 'timestamp', 'nonce', '__proto__', 'constructor']);
  const bizKey = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }).filter((k) => !reserved.has(k));
  const scalar = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('拼邮', 'a&b=c', ''),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.string({ maxLength: 5 }).filter((k) => !reserved.has(k)),
        scalar,
        { maxKeys: 3 },
      ),
    },
  );
  const nonEmpty = value.filter((v) => !isEmpty(v));
  const fields = fc.dictionary(bizKey, value, { maxKeys: 8 });
  const path = A.getSystemSetting.path; // accepts any extra fields, so only the signature decides

  it('every correctly signed request passes; any altered, added or removed field fails and burns no nonce', async () => {
    await fc.assert(
      fc.asyncProperty(
        fields,
        fc.constantFrom('change', 'add', 'remove', 'timestamp', 'nonce', 'sign'),
        fc.nat(),
        nonEmpty,
        bizKey,
        fc.integer({ min: 1, max: 290 }),
        async (business, kind, pick, newValue, newKey, shift) => {
          const signed = signFields(business, TEST_SECRET);
          const tampered: Record<string, unknown> = { ...signed };
          const present = Object.keys(business).filter((k) => !isEmpty(business[k]));
          if (kind === 'change') {
            fc.pre(present.length > 0);
            const k = present[pick % present.length];
            fc.pre(textOf(newValue) !== textOf(business[k]));
            tampered[k] = newValue;
          } else if (kind === 'add') {
            fc.pre(!(newKey in signed) || isEmpty(signed[newKey as keyof typeof signed]));
            tampered[newKey] = newValue;
          } else if (kind === 'remove') {
            fc.pre(present.length > 0);
            delete tampered[present[pick % present.length]];
          } else if (kind === 'timestamp') {
            tampered.timestamp = signed.timestamp + (pick % 2 ? shift : -shift);
          } else if (kind === 'nonce') {
            tampered.nonce = makeNonce();
          } else {
            const i = pick % 64;
            const c = signed.sign[i];
            tampered.sign = signed.sign.slice(0, i) + (c === '0' ? '1' : '0') + signed.sign.slice(i + 1);
          }
          const bad = await t.post(path, tampered);
          expect(bad.status).toBe(200);
          expect(bad.code, `${kind}: ${JSON.stringify(tampered)}`).toBe(Code.SIGN_INVALID);
          expect(bad.msg).toBe('The request signature is invalid');
          const good = await t.post(path, signed);
          expect(good.code, `${good.msg} ${JSON.stringify(signed)}`).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('every contract endpoint, GET or POST, refuses an unsigned call in the envelope (never 401 or 404)', async () => {
    for (const { def } of allEndpoints()) {
      if (def.signed === false) continue;
      for (const method of ['POST', 'GET'] as const) {
        const res = await raw(method, def.path, {
          headers: { language: 'en' },
          ...(method === 'POST' ? { body: { a: 1 } } : { query: { a: '1' } }),
        });
        expect(res.status, `${method} ${def.path}`).toBe(200);
        expect(res.json()).toEqual({ code: Code.SIGN_MISSING, msg: 'The request is not signed', version: 'test', data: null });
      }
    }
  });
});

describe('a rejected request has no effect', () => {
  it('register with a bad sign, wrong secret, no sign or a stale time creates nothing; the good one once', async () => {
    const phone = '81234567';
    const { data: rt } = await t.call(A.getRegisterToken);
    expect((await t.call(A.h5SendCode, { phone, purpose: 'register' })).code).toBe(0);
    const code = await t.lastCode(phone);
    const input = {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'alice01',
      phone,
      code,
      password: 'secret123',
      confirm_password: 'secret123',
    };
    const signed = signFields(input, TEST_SECRET);

    expect((await t.post(A.register.path, { ...signed, user_account: 'mallory' })).code).toBe(Code.SIGN_INVALID);
    expect((await t.post(A.register.path, signFields(input, 'some-other-secret-0123456789'))).code).toBe(Code.SIGN_INVALID);
    expect((await t.post(A.register.path, input)).code).toBe(Code.SIGN_MISSING);
    expect((await t.post(A.register.path, { ...input, timestamp: signed.timestamp, nonce: signed.nonce })).code).toBe(Code.SIGN_MISSING);
    expect((await t.post(A.register.path, signFields(input, TEST_SECRET, signed.timestamp - 400))).code).toBe(Code.TIMESTAMP_STALE);
    expect((await t.post(A.register.path, { ...signed, nonce: 'short' })).code).toBe(Code.SIGN_INVALID);

    expect(await count(users)).toBe(0);
    expect(await count(sessions)).toBe(0);
    const [row] = await t.database.db.select().from(verificationCodes);
    expect(row.consumedAt).toBeNull();
    expect(row.attempts).toBe(0);

    // The forged copies did not use up the real request's nonce.
    const ok = await t.post(A.register.path, signed);
    expect(ok.code, ok.msg).toBe(0);
    const replay = await t.post(A.register.path, signed);
    expect(replay).toMatchObject({ status: 200, code: Code.NONCE_REPLAY, msg: 'This request was already received' });
    expect(await count(users)).toBe(1);
    expect(await count(sessions)).toBe(1);
  });

  it('a replayed write happens once, whether replayed as POST or as GET', async () => {
    const token = await wechatUser();
    const addr = { receiver: 'Tan Ah Kow', phone: '91234567', district: 'Tampines', address: 'Blk 123 #05-67', postcode: '521123' };
    const signed = signFields(addr, TEST_SECRET);
    const first = await t.post(A.editUserAddress.path, signed, { token });
    expect(first.code, first.msg).toBe(0);
    expect((await t.post(A.editUserAddress.path, signed, { token })).code).toBe(Code.NONCE_REPLAY);
    const asQuery = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)]));
    expect((await t.post(A.editUserAddress.path, asQuery, { token, method: 'GET' })).code).toBe(Code.NONCE_REPLAY);
    expect(await count(addresses)).toBe(1);
  });
});

describe('timestamp window', () => {
  const now = 1_800_000_000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses more than 300 s either way with the server time; accepts up to 300 s', async () => {
    for (const d of [-301, 301, -3600, 86_400]) {
      const res = await t.post(A.getSystemSetting.path, signFields({}, TEST_SECRET, now + d));
      expect(res).toMatchObject({
        status: 200,
        code: Code.TIMESTAMP_STALE,
        msg: 'Your device clock is off; the request was refused',
        data: { server_time: now },
      });
    }
    for (const d of [-300, -299, 0, 299, 300]) {
      expect((await t.post(A.getSystemSetting.path, signFields({}, TEST_SECRET, now + d))).code).toBe(0);
    }
    const zh = await t.post(A.getSystemSetting.path, signFields({}, TEST_SECRET, now - 301), { lang: 'zh_CN' });
    expect(zh.msg).toBe('设备时间不准确，请求被拒绝');
  });

  it('a timestamp that is not an integer is stale, even when correctly signed', async () => {
    for (const ts of [now + 0.5, 'abc', '']) {
      const fields = { timestamp: ts, nonce: makeNonce() };
      const { computeSign } = await import('@pinyou/contract');
      const res = await t.post(A.getSystemSetting.path, { ...fields, sign: computeSign(fields, TEST_SECRET) });
      expect(res.code, String(ts)).toBe(Code.TIMESTAMP_STALE);
    }
  });
});

describe('GET variant', () => {
  it('works for public and logged-in calls, signed over the query values', async () => {
    const token = await wechatUser();
    const pub = await t.call(A.getSystemSetting, {}, { method: 'GET' });
    expect(pub.code).toBe(0);
    expect(pub.data.info.exchange_rate).toMatch(/^\d/);
    const me = await t.call(A.authInfo, {}, { method: 'GET', token });
    expect(me.code, me.msg).toBe(0);
    expect(me.data.wechat_bound).toBe(true);
    const codeSent = await t.call(A.h5SendCode, { phone: '88880000', purpose: 'register' }, { method: 'GET' });
    expect(codeSent.code, codeSent.msg).toBe(0);
    const invalid = await t.call(A.h5SendCode, { phone: '7123', purpose: 'register' }, { method: 'GET' });
    expect(invalid.code).toBe(Code.VALIDATION);
    expect(invalid.msg).toBe('The mobile number must be 8 digits starting with 8 or 9');
  });

  it('text that looks like JSON is signed as the text the client sent', async () => {
    // A client signs a string field as-is; the query must be checked over that same text, spaces included.
    const signed = signFields({ note: '{"a": 1}', tags: '[1, 2]', arr: [1, 2] }, TEST_SECRET);
    const query = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, textOf(v)]));
    const res = await t.post(A.getSystemSetting.path, query, { method: 'GET' });
    expect(res.code, res.msg).toBe(0);
  });

  it('refuses a changed, added or removed query value', async () => {
    const signed = signFields({ page: 2, keyword: 'socks' }, TEST_SECRET);
    const query = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)]));
    const get = (q: Record<string, string>) => t.post(A.getSystemSetting.path, q, { method: 'GET' });
    expect((await get({ ...query, keyword: 'shoes' })).code).toBe(Code.SIGN_INVALID);
    expect((await get({ ...query, extra: '1' })).code).toBe(Code.SIGN_INVALID);
    const { keyword: _k, ...without } = query;
    expect((await get(without)).code).toBe(Code.SIGN_INVALID);
    expect((await get(query)).code).toBe(0);
  });
});

describe('multipart upload signing', () => {
  async function upload(
    fields: Record<string, unknown>,
    file: { name: string; type: string; data: Buffer } | undefined,
    opts: { token?: string; lang?: string } = {},
  ) {
    const { payload, contentType } = await multipartBody(fields, file);
    const headers: Record<string, string> = { 'content-type': contentType, language: opts.lang ?? 'en' };
    if (opts.token) headers.token = opts.token;
    const res = await t.app.inject({ method: 'POST', url: A.uploadImage.path, payload, headers, remoteAddress: '127.0.0.1' });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
  }
  const uploadedFiles = () => {
    const out: string[] = [];
    const walk = (d: string) => {
      if (!fs.existsSync(d)) return;
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else out.push(e.name);
      }
    };
    walk(t.env.uploadsDir);
    return out;
  };

  it('stores a real PNG sent with signed fields and serves it back', async () => {
    const token = await wechatUser();
    const png = pngBytes(3, 2);
    const res = await upload(signFields({ purpose: 'avatar' }, TEST_SECRET), { name: 'me.png', type: 'image/png', data: png }, { token });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ width: 3, height: 2, size: png.length });
    // Avatars are public images, served by name under /uploads/public/.
    expect(res.data.url).toMatch(/^\/uploads\/public\/\d{6}\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const [row] = await t.database.db.select().from(uploads);
    expect(row).toMatchObject({ purpose: 'avatar', mime: 'image/png', width: 3, height: 2 });
  });

  it('a tampered, unsigned or replayed upload stores nothing', async () => {
    const token = await wechatUser();
    const file = { name: 'me.png', type: 'image/png', data: pngBytes(4, 4) };
    const before = uploadedFiles().length;
    const signed = signFields({ purpose: 'avatar' }, TEST_SECRET);
    expect((await upload({ ...signed, purpose: 'voucher' }, file, { token })).code).toBe(Code.SIGN_INVALID);
    expect((await upload({ ...signed, extra: 'x' }, file, { token })).code).toBe(Code.SIGN_INVALID);
    expect((await upload({ purpose: 'avatar' }, file, { token })).code).toBe(Code.SIGN_MISSING);
    expect(await count(uploads)).toBe(0);
    expect(uploadedFiles().length).toBe(before);
    expect((await upload(signed, file, { token })).code).toBe(0);
    expect((await upload(signed, file, { token })).code).toBe(Code.NONCE_REPLAY);
    expect(await count(uploads)).toBe(1);
    expect(uploadedFiles().length).toBe(before + 1);
  });

  it('judges the file by its content, not its name, and refuses oversized files clearly', async () => {
    const token = await wechatUser();
    const fake = { name: 'photo.png', type: 'image/png', data: Buffer.from('<?php echo "not an image"; ?>') };
    const en = await upload(signFields({ purpose: 'photo' }, TEST_SECRET), fake, { token });
    expect(en).toMatchObject({ status: 200, code: Code.BAD_FILE, msg: 'The file is not a PNG, JPEG, WebP or GIF image' });
    const zh = await upload(signFields({ purpose: 'photo' }, TEST_SECRET), fake, { token, lang: 'zh_CN' });
    expect(zh.msg).toBe('文件不是PNG、JPEG、WebP或GIF图片');
    const none = await upload(signFields({ purpose: 'photo' }, TEST_SECRET), undefined, { token });
    expect(none).toMatchObject({ code: Code.BAD_FILE, msg: 'Please choose an image to upload' });

    const big = Buffer.concat([pngBytes(10, 10), Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await upload(
      signFields({ purpose: 'photo' }, TEST_SECRET),
      { name: 'big.png', type: 'image/png', data: big },
      { token },
    );
    expect(tooBig).toMatchObject({ status: 413, code: Code.PAYLOAD_TOO_LARGE, msg: 'The upload is too large' });
    expect(await count(uploads)).toBe(0);
  });

  it('needs a session, checked after the signature', async () => {
    const file = { name: 'me.png', type: 'image/png', data: pngBytes(1, 1) };
    const res = await upload(signFields({ purpose: 'avatar' }, TEST_SECRET), file);
    expect(res).toMatchObject({ status: 401, code: Code.LOGIN_REQUIRED });
  });
});

describe('envelopes for unknown paths and failures', () => {
  it('unknown paths: HTTP 404 with the envelope, in the caller language', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const en = await raw(method, '/api/applet/noSuchCall', { headers: { language: 'en' }, ...(method === 'POST' ? { body: {} } : {}) });
      expect(en.status).toBe(404);
      expect(en.json()).toEqual({ code: Code.PATH_NOT_FOUND, msg: 'This service does not exist', version: 'test', data: null });
    }
    const zh = await raw('POST', '/api/nope', { body: {} });
    expect(zh.json().msg).toBe('请求的服务不存在');
  });

  it('unexpected failures: HTTP 500, a generic message with the request id, nothing internal', async () => {
    const first = await t.call(A.appletLogin, { code: 'boom-1' });
    expect(first.status).toBe(500);
    expect(first.code).toBe(Code.INTERNAL);
    const m = first.msg.match(/^The server ran into an error \(reference ([0-9a-f]{8}[0-9a-z]+)\)$/);
    expect(m, first.msg).not.toBeNull();
    expect(Object.keys(first).sort()).toEqual(['code', 'data', 'msg', 'status', 'version']);
    expect(first.data).toBeNull();
    const body = JSON.stringify(first);
    for (const leak of ['hunter2', 'ECONNREFUSED', 'upstream', '10.0.0.7', ' at ', '.ts:']) expect(body).not.toContain(leak);

    const zh = await t.call(A.appletLogin, { code: 'boom-2' }, { lang: 'zh_CN' });
    expect(zh.status, zh.msg).toBe(500);
    const mz = zh.msg.match(/^服务器发生错误（编号 ([0-9a-f]{8}[0-9a-z]+)）$/);
    expect(mz, zh.msg).not.toBeNull();
    expect(mz![1]).not.toBe(m![1]);
  });

  it('malformed JSON is the caller fault: a validation envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: A.getSystemSetting.path,
      payload: '{"a":',
      headers: { 'content-type': 'application/json', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: Code.VALIDATION, msg: 'body is invalid' });
  });
});

describe('language header', () => {
  it('defaults to zh_CN; en when asked; anything else is zh_CN', async () => {
    const body = signFields({}, TEST_SECRET);
    const none = await raw('POST', A.getSystemSetting.path, { body: signFields({}, TEST_SECRET) });
    expect(none.json()).toMatchObject({ code: 0, msg: '成功' });
    const en = await raw('POST', A.getSystemSetting.path, { body, headers: { language: 'en', agent: 'H5' } });
    expect(en.json()).toMatchObject({ code: 0, msg: 'Success' });
    const fr = await raw('POST', A.getSystemSetting.path, { body: {}, headers: { language: 'fr' } });
    expect(fr.json().msg).toBe('请求缺少签名');
    const enMissing = await raw('POST', A.getSystemSetting.path, { body: {}, headers: { language: 'en' } });
    expect(enMissing.json().msg).toBe('The request is not signed');
    const zhRule = await t.call(A.h5SendCode, { phone: '123', purpose: 'register' }, { lang: 'zh_CN' });
    expect(zhRule.msg).toBe('请输入以8或9开头的8位新加坡手机号');
  });
});

describe('API documentation', () => {
  it('/api/openapi.json lists every contract endpoint', async () => {
    const res = await raw('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const endpoints = allEndpoints();
    expect(Object.keys(doc.paths).sort()).toEqual(endpoints.map((e) => e.def.path).sort());
    for (const { name, def } of endpoints) {
      const op = doc.paths[def.path].post;
      expect(op.operationId).toBe(name);
      expect(op.summary).toBe(def.summary);
      expect(Object.keys(op.requestBody.content)).toEqual([def.multipart ? 'multipart/form-data' : 'application/json']);
      if (def.auth !== 'none') expect(op.security).toEqual([{ token: [] }]);
    }
    expect(doc.info.description).toContain('HMAC-SHA256');
    // Who may call each endpoint, as the pipeline enforces it.
    const approve = doc.paths[contract.walletAdmin.adminApproveRecharge.path].post;
    expect(approve['x-roles']).toEqual(['admin', 'finance']);
    expect(approve['x-audit']).toBe('write (audited)');
    expect(approve.description).toContain('May call: admin, finance.');
    const leaderOnly = endpoints.find((e) => e.def.auth === 'user' && e.def.roles?.length === 1 && e.def.roles[0] === 'leader')!;
    expect(doc.paths[leaderOnly.def.path].post['x-roles']).toEqual(['leader']);
    expect(doc.paths[contract.account.authInfo.path].post.description).toContain('May call: any ');
  });

  it('/api/docs serves a page whose script is allowed by the content security policy', async () => {
    const page = await raw('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<script src="/api/docs.js"></script>');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const js = await raw('GET', '/api/docs.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.text).toContain('/api/openapi.json');
  });

  it('every answer carries the security headers: pages, API answers, errors and unknown paths alike', async () => {
    for (const [method, url] of [
      ['GET', '/api/docs'],
      ['GET', '/api/health/live'],
      ['POST', contract.account.authInfo.path],
      ['GET', '/no/such/path'],
    ] as const) {
      const h = (await raw(method, url, method === 'POST' ? { body: {} } : {})).headers;
      expect(String(h['content-security-policy']), url).toContain("default-src 'self'");
      expect(String(h['content-security-policy']), url).toContain("frame-ancestors 'self'");
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(String(h['strict-transport-security']), url).toContain('max-age=');
      expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(h['referrer-policy'], url).toBe('no-referrer');
      expect(h['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
