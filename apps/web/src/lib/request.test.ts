import { describe, expect, it, vi } from 'vitest';
import { Code, computeSign, contract, SIGN_WINDOW_SECONDS } from '@pinyou/contract';
import { createStorage } from './storage.ts';
import { ApiError, createClient, type ClientDeps } from './request.ts';

const SECRET = 'unit-secret-0123456789';

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

type Handler = (req: {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}) => { status?: number; body?: unknown } | 'network-error';

function setup(handler: Handler, extra: Partial<ClientDeps> = {}) {
  const storage = createStorage({ backend: memory() });
  const ui = { toast: vi.fn(), tip: vi.fn(async () => {}), loading: vi.fn() };
  const onUnauthorized = vi.fn();
  const onGoBack = vi.fn();
  const onVersion = vi.fn();
  const requests: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const req = {
      url: String(url),
      headers: init?.headers as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : {},
    };
    requests.push(req);
    const out = handler(req);
    if (out === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(out.body === undefined ? 'not json' : JSON.stringify(out.body), { status: out.status ?? 200 });
  }) as unknown as typeof fetch;
  const client = createClient({
    storage,
    secret: SECRET,
    ui,
    language: () => 'en',
    onUnauthorized,
    onGoBack,
    onVersion,
    fetch: fetchImpl,
    ...extra,
  });
  return { client, storage, ui, onUnauthorized, onGoBack, onVersion, requests };
}

const ok = (data: unknown) => ({ body: { code: 0, msg: 'ok', version: 'v1', data } });

describe('request client', () => {
  it('signs every call so the server can verify it, and sends the protocol headers', async () => {
    const t = setup((req) => {
      const { sign, ...rest } = req.body;
      expect(sign).toBe(computeSign(rest, SECRET));
      expect(String(req.body.nonce)).toMatch(/^[A-Za-z0-9]{16,64}$/);
      return ok({ fine: true });
    });
    t.storage.set('TOKEN', 'tok-1');
    await expect(t.client.call(contract.account.login, { account: 'a', password: 'b' })).resolves.toEqual({ fine: true });
    expect(t.requests[0].url).toBe('/api/h5/login');
    expect(t.requests[0].headers).toMatchObject({ token: 'tok-1', language: 'en', agent: 'H5' });
    expect(t.onVersion).toHaveBeenCalledWith('v1');
  });

  it('HTTP 401 clears user info and token and goes to login', async () => {
    const t = setup(() => ({ status: 401, body: { code: 401, msg: 'login', version: 'v1', data: null } }));
    t.storage.set('TOKEN', 'x');
    t.storage.set('USERINFO', { user_id: 1 });
    await expect(t.client.call(contract.account.authInfo)).rejects.toBeInstanceOf(ApiError);
    expect(t.storage.get('TOKEN')).toBeNull();
    expect(t.storage.get('USERINFO')).toBeNull();
    expect(t.onUnauthorized).toHaveBeenCalled();
    expect(t.ui.tip).not.toHaveBeenCalled();
  });

  it('codes 2/3 drop the token silently; an optional-login call is repeated without it', async () => {
    let n = 0;
    const t = setup((req) =>
      n++ === 0
        ? { body: { code: Code.TOKEN_REVOKED, msg: 'gone', version: 'v1', data: null } }
        : (expect(req.headers.token).toBeUndefined(), ok({ again: true })),
    );
    t.storage.set('TOKEN', 'dead');
    await expect(t.client.call(contract.account.h5SendCode, { phone: '81234567' })).resolves.toEqual({ again: true });
    expect(t.storage.get('TOKEN')).toBeNull();
    expect(t.ui.tip).not.toHaveBeenCalled();
    expect(t.ui.toast).not.toHaveBeenCalled();
  });

  it('code 99 shows nothing; other codes a Tip; 666+ a Tip then back', async () => {
    const codes = [Code.SILENT, Code.BAD_CREDENTIALS, Code.OBJECT_NOT_FOUND];
    let i = 0;
    const t = setup(() => ({ body: { code: codes[i++], msg: `m${i}`, version: 'v1', data: null } }));
    await expect(t.client.call(contract.account.login, { account: 'a', password: 'b' })).rejects.toMatchObject({ code: Code.SILENT });
    expect(t.ui.tip).not.toHaveBeenCalled();
    await expect(t.client.call(contract.account.login, { account: 'a', password: 'b' })).rejects.toMatchObject({
      code: Code.BAD_CREDENTIALS,
    });
    expect(t.ui.tip).toHaveBeenCalledWith('m2');
    expect(t.onGoBack).not.toHaveBeenCalled();
    await expect(t.client.call(contract.account.login, { account: 'a', password: 'b' })).rejects.toMatchObject({
      code: Code.OBJECT_NOT_FOUND,
    });
    expect(t.ui.tip).toHaveBeenCalledWith('m3');
    expect(t.onGoBack).toHaveBeenCalledTimes(1);
  });

  it('silent calls (login, settings, user info) never show a Tip; "data does not exist" neither', async () => {
    let i = 0;
    const t = setup(() => ({ body: { code: 5, msg: i++ === 0 ? 'anything' : '数据不存在', version: 'v1', data: null } }));
    await expect(t.client.call(contract.account.authInfo, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    await expect(t.client.call(contract.account.authInfo)).rejects.toBeInstanceOf(ApiError);
    expect(t.ui.tip).not.toHaveBeenCalled();
  });

  it('HTTP 404, 500, other statuses and no response show the spec messages', async () => {
    const answers: Array<ReturnType<Handler>> = [
      { status: 404, body: { code: 404, msg: 'x', version: 'v', data: null } },
      { status: 500 },
      { status: 502 },
      { status: 500, body: { code: 500, msg: 'Server said', version: 'v', data: null } },
      'network-error',
    ];
    let i = 0;
    const t = setup(() => answers[i++], { language: () => 'zh_CN' });
    for (let k = 0; k < answers.length; k++)
      await expect(t.client.call(contract.account.getSystemSetting)).rejects.toBeInstanceOf(ApiError);
    expect(t.ui.toast.mock.calls.map((c) => c[0])).toEqual([
      'Status:404，正在请求不存在的服务器记录！',
      'Status:500，服务器发生错误！',
      'Status:502，未知错误！',
      'Server said',
      '请求服务器无响应！',
    ]);
  });

  it('a phone with a wrong clock corrects its offset from the server time and retries once', async () => {
    const realNow = 1_800_000_000_000;
    const phoneNow = realNow - 3_600_000;
    const t = setup(
      (req) => {
        const ts = Number(req.body.timestamp);
        if (Math.abs(ts - realNow / 1000) > SIGN_WINDOW_SECONDS)
          return { body: { code: Code.TIMESTAMP_STALE, msg: 'clock', version: 'v', data: { server_time: realNow / 1000 } } };
        return ok({ at: ts });
      },
      { now: () => phoneNow },
    );
    await expect(t.client.call(contract.account.getSystemSetting)).resolves.toEqual({ at: realNow / 1000 });
    expect(t.requests).toHaveLength(2);
    expect(t.ui.tip).not.toHaveBeenCalled();
    await t.client.call(contract.account.getSystemSetting);
    expect(t.requests).toHaveLength(3);
  });

  it('shows the loading indicator while calls are pending, once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup(() => ok({}));
    const origFetch = t.client.call;
    const p1 = origFetch(contract.account.getSystemSetting);
    const p2 = origFetch(contract.account.getSystemSetting);
    release();
    await gate;
    await Promise.all([p1, p2]);
    expect(t.ui.loading.mock.calls).toEqual([[true], [false]]);
  });
});
