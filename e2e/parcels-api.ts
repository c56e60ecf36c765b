import { signFields, type EndpointDef, type RequestInputOf, type ResponseOf } from '@pinyou/contract';

/**
 * Drives the API directly (as a second device or the warehouse would) so screen tests can start from a
 * parcel in a given state. Signs like the web client does.
 */
export function apiClient(baseUrl: string, secret = process.env.SIGN_SECRET ?? 'pinyou-dev-sign-secret-change-me') {
  async function call<E extends EndpointDef>(
    def: E,
    input: RequestInputOf<E>,
    token?: string,
    lang: 'en' | 'zh_CN' = 'en',
  ): Promise<ResponseOf<E>> {
    const res = await fetch(baseUrl + def.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: lang, agent: 'H5', ...(token ? { token } : {}) },
      body: JSON.stringify(signFields(input as Record<string, unknown>, secret)),
      signal: AbortSignal.timeout(20_000),
    });
    const env = (await res.json()) as { code: number; msg: string; data: unknown };
    if (env.code !== 0) throw new Error(`${def.path}: ${env.code} ${env.msg}`);
    return env.data as ResponseOf<E>;
  }
  return { call };
}
