import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { outbox } from '../db/schema.ts';
import { WechatTemplateClient } from './wechat-template.provider.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 60_000);
afterAll(async () => {
  await database.close();
  await drop();
});

/** WeChat's side of the documented API, answering like api.weixin.qq.com (a token that can expire). */
function wechatServer() {
  const calls: { url: URL; body?: any }[] = [];
  let tokens = 0;
  let valid = '';
  const fetchImpl = (async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const json = (o: unknown) => new Response(JSON.stringify(o), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('secret') !== 's3cret') return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      valid = `tok${++tokens}`;
      return json({ access_token: valid, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/message/template/send') {
      if (url.searchParams.get('access_token') !== valid) return json({ errcode: 40001, errmsg: 'invalid credential' });
      if (body.touser === 'blocked') return json({ errcode: 43004, errmsg: 'require subscribe' });
      return json({ errcode: 0, errmsg: 'ok', msgid: 1 });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { calls, fetchImpl, expire: () => (valid = 'expired') };
}

describe('WeChat template messages (real client against the documented API)', () => {
  it('gets a token once, sends the template, refreshes an expired token, records each message', async () => {
    const w = wechatServer();
    const client = new WechatTemplateClient(database.db, 'wxapp', 's3cret', 'TPL-1', w.fetchImpl, 'https://api.example.test');
    await client.send({ openid: 'o1', title: 'Arrived', body: 'Parcel SF1 is in', url: 'https://pinyou.sg/#/pages/order/all' });
    await client.send({ openid: 'o2', title: 'Due', body: 'S$5.00', url: null });
    expect(w.calls.map((c) => c.url.pathname)).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/message/template/send',
      '/cgi-bin/message/template/send',
    ]);
    expect(w.calls[0].url.searchParams.get('grant_type')).toBe('client_credential');
    expect(w.calls[1].body).toEqual({
      touser: 'o1',
      template_id: 'TPL-1',
      url: 'https://pinyou.sg/#/pages/order/all',
      data: { first: { value: 'Arrived' }, keyword1: { value: 'Arrived' }, keyword2: { value: 'Parcel SF1 is in' }, remark: { value: '' } },
    });
    w.expire();
    await client.send({ openid: 'o3', title: 'Again', body: 'b', url: null });
    expect(w.calls.slice(3).map((c) => c.url.pathname)).toEqual([
      '/cgi-bin/message/template/send',
      '/cgi-bin/token',
      '/cgi-bin/message/template/send',
    ]);
    // A refusal throws, so the delivery job retries, and is recorded as failed.
    await expect(client.send({ openid: 'blocked', title: 'x', body: 'y', url: null })).rejects.toThrow(/43004/);
    const rows = await database.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.channel, r.to, r.provider, r.status])).toEqual([
      ['wechat', 'o1', 'wechat', 'sent'],
      ['wechat', 'o2', 'wechat', 'sent'],
      ['wechat', 'o3', 'wechat', 'sent'],
      ['wechat', 'blocked', 'wechat', 'failed'],
    ]);
  });
});
