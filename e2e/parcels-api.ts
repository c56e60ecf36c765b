import { createClientCore, DEV_SIGN_SECRET, type EndpointDef, type RequestInputOf, type ResponseOf } from '@pinyou/contract';

/**
 * Drives the API directly (as a second device or the warehouse would) so screen tests can start from a
 * parcel in a given state. Signs and sends through the contract's client core, as the web app does;
 * a non-zero code rejects with a ClientError naming the path, code and message.
 */
export function apiClient(baseUrl: string, secret = process.env.SIGN_SECRET ?? DEV_SIGN_SECRET) {
  const core = createClientCore({ transport: (url, init) => fetch(url, init), secret, baseUrl, agent: 'H5' });
  async function call<E extends EndpointDef>(
    def: E,
    input: RequestInputOf<E>,
    token?: string,
    lang: 'en' | 'zh_CN' = 'en',
  ): Promise<ResponseOf<E>> {
    return core.call(def, input, { token: token ?? null, language: lang, timeoutMs: 20_000 });
  }
  return { call };
}
