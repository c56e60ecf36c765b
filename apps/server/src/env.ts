import path from 'node:path';
import { z } from 'zod';
import { DEV_SIGN_SECRET } from '@pinyou/contract';

/** The development signing secret is the contract's: the apps sign with it when none is configured. */
export { DEV_SIGN_SECRET };
export const DEFAULT_ADMIN_PASSWORD = 'pinyou-admin';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** 0: any free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /**
   * Where the embedded database (PGlite) runs: `worker`, a thread of its own, so its work does not hold up
   * requests and uses a second core; `main`, the server's own thread. Ignored with DATABASE_URL.
   */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections each server keeps to PostgreSQL (all servers together must stay under the database's max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * 1: transactions send BEGIN with their first statement and a payment's ledger statement with its COMMIT, over
   * node-postgres's pipeline mode (db/pg-pipelined-tx.ts). 0 for a connection pooler that cannot pipeline.
   */
  DATABASE_PIPELINE: z.enum(['0', '1']).default('1'),
  /** 1: statements with parameters are parsed and planned once per connection (db/pg-named-statements.ts). 0 for a pooler without them. */
  DATABASE_NAMED_STATEMENTS: z.enum(['0', '1']).default('1'),
  /** Payments that arrive while others are being written share one transaction, up to this many (1: each alone). See wallet/payment-batches.ts. */
  PAYMENT_BATCH_SIZE: z.coerce.number().int().min(1).max(64).default(16),
  /** PostgreSQL: batches of payments written at once (each holds one pooled connection while it runs); PGlite: 2 (it writes one at a time, the next waiting). */
  PAYMENT_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(200).default(4),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SIGN_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_SIGN_SECRET),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_ADMIN_PASSWORD),
  /** Trust X-Forwarded-For from this many proxy hops (0: never, so it cannot be forged to dodge rate limits). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** API requests per minute per client IP; unset: 1200 (100000 under NODE_ENV=test, where one IP makes every call). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Staff log-ins per client address per 15 minutes (guessing staff passwords). */
  STAFF_LOGIN_LIMIT: z.coerce.number().int().min(1).default(20),
  /** How long a valid session lookup is kept in memory (0: off); unset: 30, or 0 under NODE_ENV=test. See core/session-cache.ts. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** Category pages of customers' parcel lists kept in memory, checked against the database on every request (0: off). See DeclarationsService.list. */
  PARCEL_LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  GROUP_LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  GROUP_ROSTER_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Slow clients: a whole request (headers and body) must arrive within this, headers alone within HEADERS_TIMEOUT_MS. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Key of private files' signed links (shared by all instances); unset: a random key kept in DATA_DIR. */
  FILES_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** How often the job queue looks for due jobs (ms); 0 turns the poller off (tests run jobs with runDue). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** WeChat template message for notifications (official account); the sandbox records them in the outbox without it. */
  WECHAT_TEMPLATE_ID: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  /** WhatsApp Cloud API for notifications: without a token and phone number id the sandbox records them in the outbox. */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  /** The Meta app's secret: webhook posts are signed with it (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** Our word for the webhook's GET handshake (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  /** Telegram bot for notifications: without a token the sandbox bot records them in the outbox. */
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /** The secret_token given to setWebhook; Telegram sends it in X-Telegram-Bot-Api-Secret-Token. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 of A-Z, a-z, 0-9, _ and -')
    .optional(),
  /** The bot's username (deep links t.me/<name>?start=...). */
  TELEGRAM_BOT_NAME: z.string().optional(),
  /** Postcode geocoding for the leader map: offline (postal sectors, default) or onemap (OneMap's public search). */
  GEOCODER: z.enum(['offline', 'onemap']).default('offline'),
  /**
   * The leader map's tile source: an http(s) URL with {z}, {x} and {y} (and optionally {s}), e.g.
   * https://tile.openstreetmap.org/{z}/{x}/{y}.png. Unset (the offline default): no tiles are fetched and the
   * map draws a bundled outline of Singapore; the list by distance works either way.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^https?:\/\/[^/]+\//.test(v) && ['{z}', '{x}', '{y}'].every((k) => v.includes(k))), {
      message: 'must be an http(s) URL with {z}, {x} and {y}, or empty',
    })
    .default(''),
  /** How long SIGTERM waits for requests in flight before closing their connections (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** After SIGTERM, how long the server keeps serving (answering not-ready) before it stops accepting, so a load balancer can notice (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Under NODE_ENV=production each development default is refused unless its own variable allows it (see productionProblems). */
  ALLOW_DEV_SIGN_SECRET: z.enum(['0', '1']).default('0'),
  ALLOW_DEFAULT_ADMIN_PASSWORD: z.enum(['0', '1']).default('0'),
  ALLOW_DEMO_SEED: z.enum(['0', '1']).default('0'),
  ALLOW_SANDBOX_PAYMENTS: z.enum(['0', '1']).default('0'),
  WECHAT_APPID: z.string().optional(),
  /** The assistant's model: an OpenAI-compatible API. Without these the offline answerer is used. */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  WECHAT_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Pinyou <no-reply@pinyou.sg>'),
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** WeChat Pay API v3 (top-ups). Without all of MCHID, SERIAL_NO, PRIVATE_KEY, API_V3_KEY and the platform key, the sandbox is used. */
  /** PayNow credit notifications from the collecting bank (e.g. DBS RAPID ICN): without a secret, the sandbox bank. */
  BANK_NOTIFY_SECRET: z.string().min(16).optional(),
  BANK_NOTIFY_NAME: z.string().default('dbs-rapid'),
  WXPAY_MCHID: z.string().optional(),
  /** Defaults to WECHAT_APPID. */
  WXPAY_APPID: z.string().optional(),
  WXPAY_SERIAL_NO: z.string().optional(),
  /** Merchant API private key: PEM text (\n allowed) or a file path. */
  WXPAY_PRIVATE_KEY: z.string().optional(),
  WXPAY_API_V3_KEY: z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  /** WeChat Pay platform public key (or certificate public key): PEM text or a file path. */
  WXPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  /** Its serial / public key ID, as sent in the Wechatpay-Serial header. */
  WXPAY_PLATFORM_SERIAL: z.string().optional(),
  /** Mall sources' open APIs; a source without its keys uses the sandbox catalogue. JD union (api.jd.com). */
  JD_UNION_APP_KEY: z.string().optional(),
  JD_UNION_APP_SECRET: z.string().optional(),
  JD_UNION_SITE_ID: z.string().optional(),
  /** Taobao affiliate (TOP gateway). */
  TAOBAO_APP_KEY: z.string().optional(),
  TAOBAO_APP_SECRET: z.string().optional(),
  TAOBAO_ADZONE_ID: z.string().optional(),
  /** PDD duoduojinbao. */
  PDD_CLIENT_ID: z.string().optional(),
  PDD_CLIENT_SECRET: z.string().optional(),
  PDD_PID: z.string().optional(),
  /** 1688 cross-border open platform. */
  ALIBABA_APP_KEY: z.string().optional(),
  ALIBABA_APP_SECRET: z.string().optional(),
  ALIBABA_ACCESS_TOKEN: z.string().optional(),
  /** Domestic (China leg) courier tracking: kuaidi100 or 17track with their keys; the offline sandbox otherwise. */
  TRACKING_PROVIDER: z.enum(['sandbox', 'kuaidi100', '17track']).default('sandbox'),
  KUAIDI100_KEY: z.string().optional(),
  /** The salt Kuaidi100 signs its pushes with (we choose it when subscribing). */
  KUAIDI100_SALT: z.string().optional(),
  /** 17TRACK API key (also its webhook's security key). */
  SEVENTEEN_TRACK_KEY: z.string().optional(),
  WXPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WXPAY_API_PREFIX: z.string().default('/v3/pay/transactions'),
  /** The WeChat Pay sandbox credits balances without real money: on by default except in production. */
  WXPAY_SANDBOX: z.enum(['0', '1']).optional(),
  /** Where WeChat posts notifications; defaults to PUBLIC_URL + /api/notify/wxpay. */
  WXPAY_NOTIFY_URL: z.string().url().optional(),
});

export type Env = Omit<z.infer<typeof schema>, 'RATE_LIMIT_PER_MINUTE' | 'SESSION_CACHE_SECONDS'> & {
  RATE_LIMIT_PER_MINUTE: number;
  SESSION_CACHE_SECONDS: number;
  dataDir: string;
  uploadsDir: string;
};

/** Reads and checks the configuration once. A bad value stops start-up with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = productionProblems(parsed.data);
  if (problems.length) throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const test = parsed.data.NODE_ENV === 'test';
  const RATE_LIMIT_PER_MINUTE = parsed.data.RATE_LIMIT_PER_MINUTE ?? (test ? 100_000 : 1200);
  const SESSION_CACHE_SECONDS = parsed.data.SESSION_CACHE_SECONDS ?? (test ? 0 : 30);
  return { ...parsed.data, RATE_LIMIT_PER_MINUTE, SESSION_CACHE_SECONDS, dataDir, uploadsDir: path.join(dataDir, 'uploads') };
}

/**
 * What a production server must not run with. Each development default has its own ALLOW_* variable, so
 * allowing one (a staging box with demo data) never silently allows another.
 */
export function productionProblems(e: z.infer<typeof schema>): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const out: string[] = [];
  if (e.SIGN_SECRET === DEV_SIGN_SECRET && e.ALLOW_DEV_SIGN_SECRET !== '1')
    out.push('SIGN_SECRET is the development secret: set your own (or ALLOW_DEV_SIGN_SECRET=1).');
  if (e.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD && e.ALLOW_DEFAULT_ADMIN_PASSWORD !== '1')
    out.push('ADMIN_PASSWORD is the default password: set your own (or ALLOW_DEFAULT_ADMIN_PASSWORD=1).');
  if (e.SEED_DEMO === '1' && e.ALLOW_DEMO_SEED !== '1')
    out.push('SEED_DEMO=1 loads demo accounts: set SEED_DEMO=0 (or ALLOW_DEMO_SEED=1).');
  const wxpayConfigured =
    !!e.WXPAY_MCHID &&
    !!(e.WXPAY_APPID ?? e.WECHAT_APPID) &&
    !!e.WXPAY_SERIAL_NO &&
    !!e.WXPAY_PRIVATE_KEY &&
    !!e.WXPAY_API_V3_KEY &&
    !!e.WXPAY_PLATFORM_PUBLIC_KEY &&
    !!e.WXPAY_PLATFORM_SERIAL;
  if ((!wxpayConfigured || e.WXPAY_SANDBOX === '1') && e.ALLOW_SANDBOX_PAYMENTS !== '1')
    out.push(
      wxpayConfigured
        ? 'WXPAY_SANDBOX=1 credits balances without real money: unset it (or ALLOW_SANDBOX_PAYMENTS=1).'
        : 'WeChat Pay is not configured, so payments would use the sandbox: set the WXPAY_* keys (or ALLOW_SANDBOX_PAYMENTS=1).',
    );
  return out;
}
