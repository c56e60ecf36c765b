import fs from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { APP_VERSION, Code, contract, parseLanguage, type EndpointDef } from '@pinyou/contract';
import { buildOpenApi } from '@pinyou/contract/openapi';
import type { Env } from './env.ts';
import type { Database } from './db/client.ts';
import { MemoryKv, RedisKv, type Kv } from './core/kv.ts';
import { envelope, installErrorHandlers, messageFor, Pipeline, type Handler } from './core/http.ts';
import { SessionCache } from './core/session-cache.ts';
import { FileLinks } from './core/file-links.ts';
import { defaultProviders, type Providers } from './providers/providers.ts';
import { createModules, type Services } from './modules/index.ts';
import type { ServerModule } from './modules/module.ts';
import { MAX_IMAGE_BYTES } from './modules/account/index.ts';
import { DbJobQueue } from './core/job-queue.ts';
import { registerHealth } from './core/health.ts';

// apps/server/src/app.ts and the compiled apps/server/dist/main.js sit at the same depth.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDist = path.join(root, 'apps/web/dist');
export const consoleDist = path.join(root, 'apps/console/dist');

/** The build version of the web app being served; every envelope carries it. */
export function readWebVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { version: string }).version;
  } catch {
    return `${APP_VERSION}-dev`;
  }
}

export interface BuildOptions {
  env: Env;
  database: Database;
  kv?: Kv;
  providers?: Partial<Providers>;
  version?: () => string;
  logger?: boolean;
  /** The job queue's clock (tests move it). */
  now?: () => Date;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  modules: ServerModule[];
  sessionCache: SessionCache;
  apiPaths: string[];
  /** The job queue: main.ts starts its poller after listen; tests run due jobs with `jobs.runDue()`. */
  jobs: DbJobQueue;
  /** From now on /api/health/ready answers 503 (on SIGTERM: see main.ts). */
  drain(): void;
  close(): Promise<void>;
}

function htmlWithConfig(file: string, config: Record<string, unknown>): string | null {
  if (!fs.existsSync(file)) return null;
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/"/g, '&quot;');
  return fs.readFileSync(file, 'utf8').replace('<!--PINYOU_CONFIG-->', `<meta name="pinyou-config" content="${json}">`);
}

/**
 * The key of private files' signed links. Never the signing secret: that one is in every browser. FILES_SECRET
 * when set (several instances share it), else a random key kept in the data folder.
 */
/** The map tiles' origin for the CSP (a {s} subdomain becomes a wildcard); none when tiles are off. */
export function tileImageSources(tileUrl: string): string[] {
  if (!tileUrl) return [];
  try {
    const u = new URL(tileUrl.replace(/\{[a-z]+\}/g, '0'));
    const host = /^https?:\/\/\{s\}\./.test(tileUrl) ? `*.${u.host.split('.').slice(1).join('.')}` : u.host;
    return [`${u.protocol}//${host}`];
  } catch {
    return [];
  }
}

function filesSecret(env: Env): string {
  if (env.FILES_SECRET) return env.FILES_SECRET;
  const file = path.join(env.dataDir, 'files-link.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const key = randomBytes(32).toString('hex');
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  }
}

let reqIdCounter = 0;
const reqIdPrefix = randomBytes(4).toString('hex');

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { env, database } = opts;
  const version = opts.version ?? (() => cachedVersion);
  const cachedVersion = readWebVersion();
  const kv = opts.kv ?? (env.REDIS_URL ? new RedisKv(env.REDIS_URL) : new MemoryKv());
  const providers = { ...defaultProviders(env, database.db), ...opts.providers };
  const jobs = new DbJobQueue(database.db, { pollMs: env.JOBS_POLL_MS, now: opts.now });
  const { services, modules } = createModules(env, database.db, kv, providers, jobs);

  const app = Fastify({
    logger: opts.logger === false || env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY_HOPS > 0 ? (_addr: string, hop: number) => hop < env.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
    // A request whose headers or body never finish is closed, so slow clients cannot hold connections open.
    // Node checks these timeouts on an interval: a short one keeps the limit close to what it says.
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout: env.REQUEST_TIMEOUT_MS,
          headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
          keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: Math.min(1000, env.REQUEST_TIMEOUT_MS),
        },
        handler,
      );
      // And a socket that goes silent mid-request is closed after the same time, whatever the checks above see.
      // Node's own header check was seen to miss a connection whose headers never end (after another slow client
      // had been closed), so the first request's headers also get a deadline of our own.
      const gotRequest = new WeakSet<import('node:net').Socket>();
      server.on('request', (req: http.IncomingMessage) => gotRequest.add(req.socket));
      server.on('connection', (socket: import('node:net').Socket) => {
        socket.setTimeout(env.REQUEST_TIMEOUT_MS, () => socket.destroy());
        const headersDeadline = setTimeout(
          () => gotRequest.has(socket) || socket.destroy(),
          Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
        );
        headersDeadline.unref();
        socket.once('close', () => clearTimeout(headersDeadline));
      });
      return server;
    },
    // Random, not Fastify's per-process counter: the id a 500 answer shows must find one log line across restarts and instances.
    // Unique across restarts and instances (random per process) without a random draw per request.
    genReqId: () => `${reqIdPrefix}${(reqIdCounter++).toString(36)}`,
  });
  jobs.log = app.log;
  const apiPaths: string[] = [];
  app.addHook('onRoute', (r) => {
    if (/^\/(api|terminal)\//.test(r.url) && !apiPaths.includes(r.url)) apiPaths.push(r.url);
  });

  // The same headers on every answer, worked out once: @fastify/helmet built helmet's middleware (parsing the CSP
  // directives) again on every request, and setting them one by one on the raw response cost as much again.
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tileImageSources(env.MAP_TILE_URL)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 52 } });
  // Payment notifications are signed over their exact bytes, so those keep the JSON text they came as.
  const defaultJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (req.url.startsWith('/api/notify/')) (req as typeof req & { rawBody?: string }).rawBody = body as string;
    defaultJson(req, body as string, done);
  });
  installErrorHandlers(app, version);

  const fileLinks = new FileLinks(filesSecret(env));
  const sessionCache = await new SessionCache(services.sessions.lookup, env.SESSION_CACHE_SECONDS * 1000, app.log).start(database);
  services.account.setUserRowCache((userId, load) => sessionCache.user(userId, load));
  const pipeline = new Pipeline({
    kv,
    signSecret: env.SIGN_SECRET,
    version,
    lookupSession: sessionCache.lookup,
    tokenHash: services.sessions.tokenHash,
    ipRateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    maxUploadBytes: MAX_IMAGE_BYTES,
    userRoles: (userId) => services.account.heldRoles(userId),
    audit: services.audit.pipelineEntry,
    files: fileLinks,
  });
  // Every contract endpoint must have exactly one module's handler: a gap is a start-up error, not a 404 later.
  const handlers = new Map<string, Handler<EndpointDef>>();
  for (const m of modules) {
    for (const [domain, hs] of Object.entries(m.handlers)) {
      for (const [name, h] of Object.entries(hs)) handlers.set(`${domain}.${name}`, h);
    }
  }
  for (const [domain, eps] of Object.entries(contract)) {
    for (const [name, def] of Object.entries(eps as Record<string, EndpointDef>)) {
      const handler = handlers.get(`${domain}.${name}`);
      if (!handler) throw new Error(`No handler for contract endpoint ${domain}.${name}`);
      pipeline.register(app, def, handler);
    }
  }

  let draining = false;
  registerHealth(app, database, () => draining);
  // Unsigned liveness route; the benchmark's baseline.
  app.get('/api/ping', async () => envelope(Code.OK, 'pong', version(), { time: Date.now() }));
  const openapi = buildOpenApi(version());
  app.get('/api/openapi.json', async () => openapi);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html').send(docsPage()));
  for (const m of modules) await m.http?.(app, version, pipeline);
  app.get('/api/docs.js', async (_req, reply) => reply.type('text/javascript').send(DOCS_JS));

  // Public images (avatars; product images later) by name; every other upload only through a signed link.
  fs.mkdirSync(path.join(env.uploadsDir, 'public'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(env.uploadsDir, 'public'),
    prefix: '/uploads/public/',
    decorateReply: false,
    index: false,
  });
  await app.register(fastifyStatic, { root: env.uploadsDir, serve: false, decorateReply: true });
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>('/files/*', async (req, reply) => {
    const name = fileLinks.verify(req.params['*'], req.query.exp, req.query.sig);
    if (!name) {
      const lang = parseLanguage(req.headers.language);
      return reply.code(404).send(envelope(Code.PATH_NOT_FOUND, messageFor('PATH_NOT_FOUND', lang), version()));
    }
    reply.header('cache-control', 'private, max-age=300');
    return reply.sendFile(name);
  });

  const config = { signSecret: env.SIGN_SECRET, version: version(), ...(env.WECHAT_APPID ? { wechatAppId: env.WECHAT_APPID } : {}) };
  const webIndex = htmlWithConfig(path.join(webDist, 'index.html'), config);
  const consoleIndex = htmlWithConfig(path.join(consoleDist, 'index.html'), config);
  const sendIndex = (html: string | null) => async (_req: unknown, reply: import('fastify').FastifyReply) =>
    html
      ? reply.type('text/html').header('cache-control', 'no-cache').send(html)
      : reply.code(503).type('text/plain').send('The app is not built: run npm run build');
  app.get('/', sendIndex(webIndex));
  app.get('/index.html', sendIndex(webIndex));
  app.get('/console', (_req, reply) => reply.redirect('/console/'));
  app.get('/console/', sendIndex(consoleIndex));
  app.get('/console/index.html', sendIndex(consoleIndex));
  if (fs.existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      preCompressed: true,
      index: false,
      wildcard: true,
      decorateReply: false,
      setHeaders: immutableAssets,
    });
  }
  if (fs.existsSync(consoleDist)) {
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/console/',
      preCompressed: true,
      index: false,
      decorateReply: false,
      setHeaders: immutableAssets,
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const lang = parseLanguage(req.headers.language);
    reply.code(404).send(envelope(Code.PATH_NOT_FOUND, messageFor('PATH_NOT_FOUND', lang), version()));
  });

  return {
    app,
    services,
    modules,
    sessionCache,
    apiPaths,
    jobs,
    drain: () => {
      draining = true;
    },
    close: async () => {
      // Stop taking requests (those in flight finish) and jobs (the running one finishes) first, then what they use.
      await Promise.all([app.close(), jobs.close()]);
      await Promise.all(modules.map((m) => m.stop?.()));
      await sessionCache.stop();
      await kv.close();
    },
  };
}

function immutableAssets(res: { setHeader(k: string, v: string): void }, file: string) {
  if (/[\\/]assets[\\/]/.test(file)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
}

function docsPage() {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Pinyou API</title>
<style>body{font:14px system-ui;margin:2rem;max-width:960px}code,pre{background:#f4f4f4}details{border-bottom:1px solid #ddd;padding:.4rem 0}summary{cursor:pointer}.auth{color:#888}</style>
</head><body><h1>Pinyou API</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p><div id="info"></div><div id="list">Loading…</div>
<script src="/api/docs.js"></script></body></html>`;
}

const DOCS_JS = `fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
const esc=s=>String(s).replace(/[&<>]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;'}[c]));
document.getElementById('info').innerHTML='<pre style="white-space:pre-wrap">'+esc(doc.info.description)+'</pre>';
const byTag={};for(const [p,v] of Object.entries(doc.paths)){const op=v.post;(byTag[op.tags[0]]??=[]).push([p,op]);}
document.getElementById('list').innerHTML=Object.entries(byTag).map(([t,ops])=>'<h2>'+esc(t)+'</h2>'+ops.map(([p,op])=>'<details><summary><code>'+esc(p)+'</code> '+esc(op.summary)+' <span class=auth>'+esc(op.description)+'</span></summary><h4>Request</h4><pre>'+esc(JSON.stringify(op.requestBody.content[Object.keys(op.requestBody.content)[0]].schema,null,2))+'</pre><h4>Response data</h4><pre>'+esc(JSON.stringify(op.responses['200'].content['application/json'].schema.properties.data,null,2))+'</pre></details>').join('')).join('');});`;

/** The headers a helmet middleware sets (they depend on its options alone, not on the request). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
