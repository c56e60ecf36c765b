import { message } from 'antd';
import { consoleLang } from './i18n.ts';
import { Code, signFields, type EndpointDef, type RequestInputOf, type ResponseOf } from '@pinyou/contract';

function readConfig(): { signSecret: string } {
  const meta = document.querySelector('meta[name="pinyou-config"]');
  try {
    return { signSecret: 'pinyou-dev-sign-secret-change-me', ...JSON.parse(meta?.getAttribute('content') ?? '{}') };
  } catch {
    return { signSecret: 'pinyou-dev-sign-secret-change-me' };
  }
}
const config = readConfig();
const TOKEN_KEY = 'pinyou-staff-token';

export const staffToken = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (t: string) => localStorage.setItem(TOKEN_KEY, t),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export class ConsoleApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

let onLoggedOut: () => void = () => {};
export function setLoggedOutHandler(fn: () => void) {
  onLoggedOut = fn;
}

let clockOffsetMs = 0;

/** Signed staff calls; messages shown with antd's message; a lost session returns to the login page. */
export async function call<E extends EndpointDef>(
  def: E,
  input?: RequestInputOf<E>,
  opts: { file?: File; quiet?: boolean } = {},
): Promise<ResponseOf<E>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const fields = signFields((input ?? {}) as Record<string, unknown>, config.signSecret, Math.floor((Date.now() + clockOffsetMs) / 1000));
    const headers: Record<string, string> = { language: consoleLang(), agent: 'console' };
    const token = staffToken.get();
    if (token) headers.token = token;
    let body: BodyInit;
    if (opts.file) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields))
        if (v !== undefined && v !== null) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      form.append('file', opts.file);
      body = form;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    }
    let res: Response;
    try {
      res = await fetch(def.path, { method: 'POST', headers, body });
    } catch {
      message.error('No response from the server');
      throw new ConsoleApiError(-1, 'no response');
    }
    const env = (await res.json().catch(() => null)) as { code: number; msg: string; data: unknown } | null;
    if (res.status === 401 || env?.code === Code.LOGIN_REQUIRED) {
      staffToken.clear();
      onLoggedOut();
      throw new ConsoleApiError(401, env?.msg ?? 'login required');
    }
    if (!env) {
      message.error(`HTTP ${res.status}`);
      throw new ConsoleApiError(res.status, `HTTP ${res.status}`);
    }
    if (env.code === Code.TIMESTAMP_STALE && attempt === 0) {
      clockOffsetMs = (env.data as { server_time: number }).server_time * 1000 - Date.now();
      continue;
    }
    if (env.code !== 0) {
      if (!opts.quiet) message.error(env.msg);
      throw new ConsoleApiError(env.code, env.msg);
    }
    return env.data as ResponseOf<E>;
  }
  throw new ConsoleApiError(-1, 'unreachable');
}
