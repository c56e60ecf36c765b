import { createHash } from 'node:crypto';

export interface WechatIdentity {
  openid: string;
  unionid: string | null;
}

/** Turns a WeChat login code into the user's identity. */
export interface WechatProvider {
  readonly name: string;
  exchangeCode(code: string): Promise<WechatIdentity | null>;
}

/**
 * Official-account web OAuth (snsapi_base / snsapi_userinfo):
 * GET https://api.weixin.qq.com/sns/oauth2/access_token?appid=&secret=&code=&grant_type=authorization_code
 * answers {access_token, openid, unionid?} or {errcode, errmsg}.
 */
export class WechatOAuthProvider implements WechatProvider {
  readonly name = 'wechat';
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 3000,
  ) {}
  async exchangeCode(code: string): Promise<WechatIdentity | null> {
    const url = new URL('https://api.weixin.qq.com/sns/oauth2/access_token');
    url.search = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' }).toString();
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      const body = (await res.json()) as { openid?: string; unionid?: string; errcode?: number };
      if (!res.ok || body.errcode || !body.openid) return null;
      return { openid: body.openid, unionid: body.unionid ?? null };
    } catch {
      return null;
    }
  }
}

/**
 * Default with no keys. A code names a sandbox user ("alice" or "sandbox:alice"): the same name is always
 * the same WeChat identity. An empty name or one starting with "invalid" fails like an expired code.
 */
export class SandboxWechatProvider implements WechatProvider {
  readonly name = 'sandbox';
  async exchangeCode(code: string): Promise<WechatIdentity | null> {
    const name = code.replace(/^sandbox:/, '').trim();
    if (!name || name.startsWith('invalid')) return null;
    const id = createHash('sha256').update(name).digest('hex').slice(0, 24);
    return { openid: `sbx_${id}`, unionid: `sbxu_${id}` };
  }
}
