import { Code, createClientCore, timing, type Answer, type EndpointDef, type RequestInputOf, type ResponseOf } from '@pinyou/contract';
import { StorageKey, type AppStorage } from './storage.ts';

/** A failed call. `handled` means the user was already told (modal, toast, redirect) or must not be. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 200,
    readonly handled = true,
  ) {
    super(message);
  }
}

export interface ClientUi {
  toast(text: string): void;
  /** Blocking 'Tip' modal; resolves when confirmed. */
  tip(text: string): Promise<void>;
  loading(on: boolean): void;
}

export interface ClientDeps {
  storage: AppStorage;
  secret: string;
  ui: ClientUi;
  language: () => 'zh_CN' | 'en';
  /** HTTP 401: user info is cleared, then this runs (go to info-edit?isLogin=1). */
  onUnauthorized: () => void;
  /** Code >= 666 after the Tip is confirmed: go back. */
  onGoBack: () => void;
  /** Every envelope's version. */
  onVersion: (version: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
  baseUrl?: string;
}

export interface CallOptions {
  /** Non-zero codes are not shown (login, settings and user-info calls: spec §7). */
  silent?: boolean;
  /** Show the loading indicator (default on; off for login). */
  loading?: boolean;
  timeoutMs?: number;
  method?: 'POST' | 'GET';
  /** multipart upload: the file goes in `file`, the other fields are signed. */
  file?: Blob & { name?: string };
}

const httpTexts = {
  zh_CN: {
    404: 'Status:404，正在请求不存在的服务器记录！',
    500: 'Status:500，服务器发生错误！',
    other: (n: number) => `Status:${n}，未知错误！`,
    noResponse: '请求服务器无响应！',
  },
  en: {
    404: 'Status:404, the requested server record does not exist!',
    500: 'Status:500, the server ran into an error!',
    other: (n: number) => `Status:${n}, unknown error!`,
    noResponse: 'No response from the server!',
  },
};

/** 'Data does not exist' answers are not shown as a Tip (spec §8). */
const QUIET_MESSAGE = /数据不存在|data does not exist/i;

/** The request client of spec §7-§8 on the contract's client core: the code table, messages, loading and login handling. */
export function createClient(deps: ClientDeps) {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const now = deps.now ?? Date.now;
  let pending = 0;

  const core = createClientCore({
    transport: doFetch,
    secret: deps.secret,
    baseUrl: deps.baseUrl,
    agent: 'H5',
    language: deps.language,
    token: () => deps.storage.get<string>(StorageKey.TOKEN),
    now,
    clock: {
      get: () => deps.storage.get<number>(StorageKey.CLOCK_OFFSET) ?? 0,
      set: (ms) => deps.storage.set(StorageKey.CLOCK_OFFSET, ms),
    },
  });

  function setLoading(delta: number) {
    const before = pending;
    pending += delta;
    if (before === 0 && pending > 0) deps.ui.loading(true);
    if (before > 0 && pending === 0) deps.ui.loading(false);
  }

  async function call<E extends EndpointDef>(def: E, input?: RequestInputOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
    const showLoading = opts.loading ?? true;
    const texts = httpTexts[deps.language()];
    if (showLoading) setLoading(1);
    try {
      // The core retries once after a clock correction; this loop once more after dropping a dead token.
      for (let withToken = true; ; withToken = false) {
        let res: Answer;
        try {
          res = await core.send(def, (input ?? {}) as Record<string, unknown>, {
            method: opts.method,
            file: opts.file,
            token: withToken ? undefined : null,
            timeoutMs: opts.timeoutMs ?? (opts.file ? timing.uploadTimeoutMs : timing.requestTimeoutMs),
          });
        } catch {
          deps.ui.toast(texts.noResponse);
          throw new ApiError(-1, texts.noResponse, null, 0);
        }
        const body = (res.body ?? null) as { code?: number; msg?: string; message?: string; version?: string; data?: unknown } | null;
        const env = res.envelope;
        if (typeof body?.version === 'string') deps.onVersion(body.version);
        const msg = env?.msg ?? body?.msg ?? body?.message ?? '';

        if (res.status === 401) {
          deps.storage.remove(StorageKey.USERINFO);
          deps.storage.remove(StorageKey.TOKEN);
          deps.onUnauthorized();
          throw new ApiError(body?.code ?? 401, msg, null, 401);
        }
        if (res.status < 200 || res.status > 299) {
          const text = res.status === 404 ? texts[404] : res.status === 500 ? msg || texts[500] : msg || texts.other(res.status);
          deps.ui.toast(text);
          throw new ApiError(body?.code ?? res.status, text, body?.data ?? null, res.status);
        }
        if (!env) {
          deps.ui.toast(texts.other(res.status));
          throw new ApiError(-1, texts.other(res.status));
        }
        if (env.code === Code.OK) return env.data as ResponseOf<E>;
        if (env.code === Code.TOKEN_EXPIRED || env.code === Code.TOKEN_REVOKED) {
          deps.storage.remove(StorageKey.TOKEN);
          if (def.auth === 'optional' && withToken) continue;
          throw new ApiError(env.code, msg, env.data);
        }
        if (env.code === Code.SILENT || opts.silent || QUIET_MESSAGE.test(msg)) throw new ApiError(env.code, msg, env.data);
        if (showLoading) setLoading(-1);
        opts = { ...opts, loading: false };
        await deps.ui.tip(msg);
        if (env.code >= 666) deps.onGoBack();
        throw new ApiError(env.code, msg, env.data);
      }
    } finally {
      if (showLoading && (opts.loading ?? true)) setLoading(-1);
    }
  }

  /**
   * A signed request whose answer is not an envelope (the assistant's event stream): the same signature,
   * token and language headers as `call`, the Response handed back as it is. No timeout: `signal` stops it.
   */
  async function stream(path: string, input: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    const { url, init } = core.prepare({ path }, input);
    return doFetch(url, { ...init, signal });
  }

  return { call, stream };
}

export type ApiClient = ReturnType<typeof createClient>;
