import { message } from 'antd';
import { consoleLang } from './i18n.ts';
import { Code, createClientCore, type Answer, type EndpointDef, type RequestInputOf, type ResponseOf } from '@pinyou/contract';

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

// One core for the console's life: its clock offset, once corrected, serves every later call.
const core = createClientCore({
  transport: (url, init) => fetch(url, init),
  secret: config.signSecret,
  agent: 'console',
  language: consoleLang,
  token: staffToken.get,
});

export interface CallOptions {
  file?: File;
  quiet?: boolean;
}

/** What a request file's function takes after the endpoint, passed on to `call` as given. */
export type CallArgs<E extends EndpointDef> = [input?: RequestInputOf<E>, opts?: CallOptions];

/** Signed staff calls; messages shown with antd's message; a lost session returns to the login page. */
export async function call<E extends EndpointDef>(def: E, input?: RequestInputOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  let res: Answer;
  try {
    res = await core.send(def, (input ?? {}) as Record<string, unknown>, { file: opts.file });
  } catch {
    // Said in the console's language, like every answer from the server.
    const text =
      consoleLang() === 'zh_CN' ? '服务器无响应，请检查网络后重试' : 'No response from the server. Check the connection and try again.';
    message.error(text);
    throw new ConsoleApiError(-1, text);
  }
  const env = res.envelope;
  if (res.status === 401 || env?.code === Code.LOGIN_REQUIRED) {
    staffToken.clear();
    onLoggedOut();
    throw new ConsoleApiError(401, env?.msg ?? 'login required');
  }
  if (!env) {
    const text =
      consoleLang() === 'zh_CN'
        ? `服务器出错（HTTP ${res.status}），请稍后重试`
        : `The server failed (HTTP ${res.status}). Try again later.`;
    message.error(text);
    throw new ConsoleApiError(res.status, text);
  }
  if (env.code !== 0) {
    if (!opts.quiet) message.error(env.msg);
    throw new ConsoleApiError(env.code, env.msg);
  }
  return env.data as ResponseOf<E>;
}
