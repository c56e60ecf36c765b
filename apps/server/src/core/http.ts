import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  canonicalString,
  Code,
  codeMessages,
  formatMessage,
  httpStatusFor,
  NONCE_PATTERN,
  parseLanguage,
  refusedInMemberSession,
  ruleMessage,
  SIGN_WINDOW_SECONDS,
  type CodeName,
  type EndpointDef,
  type Language,
  type RequestOf,
} from '@pinyou/contract';
import { DomainError, ValidationError } from './errors.ts';
import type { Kv } from './kv.ts';
import { safeEqualHex } from './crypto.ts';
import { keptJsonText } from './versioned-cache.ts';
import { requestContext, type Session } from './request-context.ts';

// Declared beside the request context, which holds one, so the two files do not import each other.
export type { Session };

export type SessionLookup =
  /** expiresAt lets a cache answer 'expired' on time without asking the database again. */
  { status: 'ok'; session: Session; expiresAt?: Date } | { status: 'expired' | 'revoked' | 'unknown' };

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface Ctx {
  lang: Language;
  ip: string;
  requestId: string;
  userAgent: string;
  token: string | null;
  session: Session | null;
  files: UploadedFile[];
  /** Request headers and the exact JSON text, for outside parties that sign their own way (payment notifications). */
  headers?: Record<string, unknown>;
  rawBody?: string | null;
  /**
   * Set by the handler of a call that reads or sets (a setting read when no new value is given): this call
   * only read, so no staff write is recorded for it. Pages open with such reads.
   */
  onlyRead?: boolean;
}

export type Handler<E extends EndpointDef> = (input: RequestOf<E>, ctx: Ctx) => Promise<z.input<E['response']>> | z.input<E['response']>;
export type Handlers<D extends Record<string, EndpointDef>> = { [K in keyof D]: Handler<D[K]> };

/** The customer of the session; the pipeline has already refused calls without one. */
export function userIdOf(ctx: Ctx): number {
  if (!ctx.session?.userId) throw new DomainError('LOGIN_REQUIRED');
  return ctx.session.userId;
}
export function staffIdOf(ctx: Ctx): number {
  if (!ctx.session?.staffId) throw new DomainError('LOGIN_REQUIRED');
  return ctx.session.staffId;
}

export interface PipelineDeps {
  kv: Kv;
  signSecret: string;
  version: () => string;
  lookupSession: (tokenHash: string) => Promise<SessionLookup>;
  tokenHash: (token: string) => string;
  /** Requests per minute per client IP over the whole API. */
  ipRateLimitPerMinute: number;
  maxUploadBytes: number;
  /** The customer roles a user holds now (for calls whose definition names `roles`). */
  userRoles: (userId: number) => Promise<readonly string[]>;
  /** Private file references in answers become signed links; signed links in requests become references. */
  files?: { signAll(v: unknown): unknown; unsignAll(v: unknown): unknown };
  /** Writes one staff write to the audit log (every staff call not marked `read`), whatever its outcome. */
  audit?: (entry: PipelineAuditEntry) => Promise<void>;
}

export interface PipelineAuditEntry {
  session: Session;
  action: string;
  path: string;
  input: Record<string, unknown>;
  outcome: number;
  requestId: string;
  ip: string;
}

/** Input nesting deeper than this is no real form: refused before validation walks it. */
const MAX_INPUT_DEPTH = 8;

/** NUL characters (PostgreSQL cannot store them) and absurd nesting anywhere in the input; the field that has one. */
export function inputProblem(v: unknown, path = '', depth = 0): { rule: string; field: string } | null {
  if (typeof v === 'string') return v.includes('\u0000') ? { rule: 'rule.noNul', field: path } : null;
  if (v === null || typeof v !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return { rule: 'rule.invalid', field: path };
  for (const [k, item] of Object.entries(v)) {
    if (k.includes('\u0000')) return { rule: 'rule.noNul', field: path };
    const bad = inputProblem(item, path || k, depth + 1);
    if (bad) return bad;
  }
  return null;
}

export function envelope(code: number, msg: string, version: string, data: unknown = null) {
  return { code, msg, version, data };
}

/** JSON.stringify(envelope(code, msg, version, data)) for data already written as JSON (`dataJson`). */
export function envelopeText(code: number, msg: string, version: string, dataJson: string) {
  // data is the envelope's last key: its null is the text's end.
  return `${JSON.stringify(envelope(code, msg, version)).slice(0, -'null}'.length)}${dataJson}}`;
}

export function messageFor(name: CodeName, lang: Language, params: Record<string, unknown> = {}) {
  return formatMessage(codeMessages[name][lang], params);
}

function tokenOf(req: FastifyRequest): string | null {
  const t = req.headers.token;
  if (typeof t === 'string' && t) return t;
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}

/** GET carries fields as text; arrays and objects come as their JSON text. */
function queryFields(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string' && (v.startsWith('[') || v.startsWith('{'))) {
      try {
        out[k] = JSON.parse(v);
        continue;
      } catch {
        /* keep the text */
      }
    }
    out[k] = v;
  }
  return out;
}

export function validationMessage(issue: z.core.$ZodIssue, lang: Language): { msg: string; field: string } {
  const field = String(issue.path[0] ?? '');
  const params: Record<string, unknown> = { field };
  if ('maximum' in issue) params.max = issue.maximum;
  if ('minimum' in issue) params.min = issue.minimum;
  const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined;
  const key = missing ? 'rule.required' : issue.message.startsWith('rule.') ? issue.message : 'rule.invalid';
  return { msg: ruleMessage(key, lang, params) ?? issue.message, field };
}

/**
 * Every staff call is under /api/admin/. The mall and leader-desk calls were /admin/mall/... and
 * /admin/groups/... until this release: those paths still answer, as aliases, for one release.
 */
export function legacyStaffPath(path: string): string | null {
  return /^\/api\/admin\/(mall|groups)\//.test(path) ? path.slice('/api'.length) : null;
}

/** The name the audit log shows for a call: its path without the API prefix (admin/wallet/approveRecharge). */
export const auditAction = (def: EndpointDef) => def.path.replace(/^\/(api\/)?/, '');

export class Pipeline {
  constructor(private readonly deps: PipelineDeps) {}

  private send(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
    // Serialized here, so that the walk that signs private file references runs only on the answers that hold
    // one: a reference is a string starting /uploads/, which JSON writes unescaped as "/uploads/… . A kept answer's
    // text is written once (keptJsonText).
    const kept = keptJsonText(data);
    let body =
      kept === undefined
        ? JSON.stringify(envelope(code, msg, this.deps.version(), data))
        : envelopeText(code, msg, this.deps.version(), kept);
    if (code === Code.OK && this.deps.files && body.includes('"/uploads/'))
      body = JSON.stringify(envelope(code, msg, this.deps.version(), this.deps.files.signAll(data)));
    return reply.code(httpStatusFor(code)).type('application/json; charset=utf-8').send(body);
  }

  private async verifySignature(fields: Record<string, unknown>): Promise<{ name: CodeName; data?: unknown } | null> {
    const { sign, timestamp, nonce } = fields;
    if (typeof sign !== 'string' || sign === '' || timestamp === undefined || nonce === undefined) return { name: 'SIGN_MISSING' };
    const ts = Number(timestamp);
    const now = Math.floor(Date.now() / 1000);
    if (!Number.isInteger(ts) || Math.abs(now - ts) > SIGN_WINDOW_SECONDS) return { name: 'TIMESTAMP_STALE', data: { server_time: now } };
    if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) return { name: 'SIGN_INVALID' };
    const expected = createHmac('sha256', this.deps.signSecret).update(canonicalString(fields)).digest('hex');
    if (!safeEqualHex(expected, sign.toLowerCase())) return { name: 'SIGN_INVALID' };
    // Checked last so a forged request cannot use up a real client's nonce.
    if (!(await this.deps.kv.setIfAbsent(`nonce:${nonce}`, SIGN_WINDOW_SECONDS * 2))) return { name: 'NONCE_REPLAY' };
    return null;
  }

  /**
   * Limits are the multipart parser's, checked while the request streams in: a file over the size or one
   * file more than the call takes stops the upload there (413 in the envelope), before it is buffered.
   */
  private async readMultipart(req: FastifyRequest, maxFiles: number): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
    const fields: Record<string, unknown> = Object.create(null);
    const files: UploadedFile[] = [];
    for await (const part of req.parts({
      limits: { fileSize: this.deps.maxUploadBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, buffer });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    return { fields, files };
  }

  register<E extends EndpointDef>(app: FastifyInstance, def: E, handler: Handler<E>) {
    const run = async (req: FastifyRequest, reply: FastifyReply) => {
      const admitted = await this.admit(req, reply, def);
      if (!admitted) return reply;
      const { ctx } = admitted;
      const session = ctx.session;
      const rc = requestContext.getStore();
      if (rc) rc.session = session;
      const isStaff = def.auth === 'staff' || def.auth === 'terminal';
      if (!isStaff || def.read || !this.deps.audit || !session) {
        const data = await handler(admitted.input, ctx);
        return this.send(reply, Code.OK, messageFor('OK', ctx.lang), data ?? {});
      }
      // A staff write: recorded whatever happens, refusals included (a refused attempt is what an auditor looks for).
      let outcome: number = Code.INTERNAL;
      try {
        const data = await handler(admitted.input, ctx);
        outcome = Code.OK;
        return this.send(reply, Code.OK, messageFor('OK', ctx.lang), data ?? {});
      } catch (err) {
        if (err instanceof DomainError) outcome = err.code;
        else if (err instanceof ValidationError) outcome = Code.VALIDATION;
        throw err;
      } finally {
        const input = admitted.input as Record<string, unknown>;
        if (!(ctx.onlyRead && outcome === Code.OK))
          await this.deps
            .audit({ session, action: auditAction(def), path: def.path, input, outcome, requestId: ctx.requestId, ip: ctx.ip })
            .catch((err: unknown) => req.log.error({ err, requestId: req.id }, 'audit log write failed'));
      }
    };
    const route = (req: FastifyRequest, reply: FastifyReply) =>
      requestContext.run({ session: null, requestId: String(req.id), ip: req.ip }, () => run(req, reply));
    app.route({ method: ['GET', 'POST'], url: def.path, handler: route });
    const legacy = legacyStaffPath(def.path);
    if (legacy) app.route({ method: ['GET', 'POST'], url: legacy, handler: route });
  }

  /**
   * Every check a call passes before its handler: rate limit, signature and nonce, session, roles,
   * member sessions, request validation. On refusal the envelope is sent and null returned; routes
   * outside the catalogue (streams) use this too, so they are guarded exactly like the API.
   */
  async admit<E extends EndpointDef>(req: FastifyRequest, reply: FastifyReply, def: E): Promise<{ input: RequestOf<E>; ctx: Ctx } | null> {
    const lang = parseLanguage(req.headers.language);
    const limited = await this.rateLimited(req.ip);
    if (limited) return this.refuse(reply, Code.RATE_LIMITED, messageFor('RATE_LIMITED', lang, { retryAfter: limited }));

    let fields: Record<string, unknown>;
    // What the signature covers: the fields as sent. For GET that is the query text, before any JSON in it is read.
    let signedFields: Record<string, unknown> | undefined;
    let files: UploadedFile[] = [];
    if (def.multipart && req.isMultipart()) {
      ({ fields, files } = await this.readMultipart(req, def.maxFiles ?? 1));
    } else if (req.method === 'GET') {
      signedFields = { ...(req.query as Record<string, unknown>) };
      fields = queryFields(req.query);
    } else {
      const body = req.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        return this.refuse(reply, Code.VALIDATION, ruleMessage('rule.invalid', lang, { field: 'body' })!);
      }
      fields = body as Record<string, unknown>;
    }

    if (def.signed !== false) {
      const bad = await this.verifySignature(signedFields ?? fields);
      if (bad) return this.refuse(reply, Code[bad.name], messageFor(bad.name, lang), bad.data ?? null);
    }

    const token = tokenOf(req);
    let session: Session | null = null;
    if (def.auth !== 'none' && token) {
      const found = await this.deps.lookupSession(this.deps.tokenHash(token));
      if (found.status === 'ok') session = found.session;
      else if (def.auth === 'optional') {
        const name = found.status === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_REVOKED';
        return this.refuse(reply, Code[name], messageFor(name, lang));
      } else {
        const code =
          found.status === 'expired' ? Code.TOKEN_EXPIRED : found.status === 'revoked' ? Code.TOKEN_REVOKED : Code.LOGIN_REQUIRED;
        reply.code(401).send(envelope(code, messageFor('LOGIN_REQUIRED', lang), this.deps.version()));
        return null;
      }
    }
    const needsUser = def.auth === 'user';
    const needsStaff = def.auth === 'staff' || def.auth === 'terminal';
    // A customer session on a staff call is not "logged out": 401 would make the app drop the session.
    if (needsStaff && session?.userId && !session.staffId) return this.refuse(reply, Code.FORBIDDEN, messageFor('FORBIDDEN', lang));
    if ((needsUser && !session?.userId) || (needsStaff && !session?.staffId)) {
      return this.refuse(reply, Code.LOGIN_REQUIRED, messageFor('LOGIN_REQUIRED', lang));
    }
    // A member session may only look and go back (the contract's reviewed list): refused before anything else.
    if (session?.actingLeaderId && refusedInMemberSession(def)) {
      return this.refuse(reply, Code.MEMBER_SESSION, messageFor('MEMBER_SESSION', lang));
    }
    // Staff calls always go through the role check: a staff call that names no roles is the administrators'.
    if ((def.roles || def.auth === 'staff' || def.auth === 'terminal') && session && !(await this.mayCall(def, session))) {
      return this.refuse(reply, Code.FORBIDDEN, messageFor('FORBIDDEN', lang));
    }

    const { sign: _s, timestamp: _t, nonce: _n, ...sent } = fields;
    const business = (this.deps.files ? this.deps.files.unsignAll(sent) : sent) as Record<string, unknown>;
    const problem = inputProblem(business);
    if (problem) {
      this.send(reply, Code.VALIDATION, ruleMessage(problem.rule, lang, { field: problem.field })!, { field: problem.field });
      return null;
    }
    const parsed = def.request.safeParse(business);
    if (!parsed.success) {
      const { msg, field } = validationMessage(parsed.error.issues[0], lang);
      return this.refuse(reply, Code.VALIDATION, msg, { field });
    }
    const ctx: Ctx = {
      lang,
      ip: req.ip,
      requestId: String(req.id),
      userAgent: String(req.headers['user-agent'] ?? ''),
      token,
      session,
      files,
      headers: req.headers,
      rawBody: (req as FastifyRequest & { rawBody?: string }).rawBody ?? null,
    };
    return { input: parsed.data as RequestOf<E>, ctx };
  }

  private refuse(reply: FastifyReply, code: number, msg: string, data: unknown = null): null {
    this.send(reply, code, msg, data);
    return null;
  }

  /** The definition's `roles` against the session: a staff role (admin passes everything) or the user's held roles. */
  private async mayCall(def: EndpointDef, session: Session): Promise<boolean> {
    const roles = (def.roles ?? []) as readonly string[];
    if (session.staffId) return session.staffRole === 'admin' || roles.includes(session.staffRole ?? '');
    if (!session.userId) return false;
    const held = await this.deps.userRoles(session.userId);
    return held.some((r) => roles.includes(r));
  }

  private async rateLimited(ip: string): Promise<number | null> {
    const { count, ttl } = await this.deps.kv.increment(`ip:${ip}`, 60);
    return count > this.deps.ipRateLimitPerMinute ? ttl : null;
  }
}

/** Turns any thrown error into the envelope. Internals never reach the client; the request id links to the log. */
export function installErrorHandlers(app: FastifyInstance, version: () => string) {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const lang = parseLanguage(req.headers.language);
    if (err instanceof DomainError) {
      return reply.code(httpStatusFor(err.code)).send(envelope(err.code, messageFor(err.name, lang, err.params), version(), err.data));
    }
    if (err instanceof ValidationError) {
      const msg = ruleMessage(err.rule, lang, err.params) ?? err.rule;
      return reply.code(200).send(envelope(Code.VALIDATION, msg, version(), { field: err.params.field ?? '' }));
    }
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(envelope(Code.PAYLOAD_TOO_LARGE, messageFor('PAYLOAD_TOO_LARGE', lang), version()));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's fault, said plainly.
      return reply.code(200).send(envelope(Code.VALIDATION, ruleMessage('rule.invalid', lang, { field: 'body' })!, version()));
    }
    req.log.error({ err, requestId: req.id }, 'unhandled error');
    return reply.code(500).send(envelope(Code.INTERNAL, messageFor('INTERNAL', lang, { requestId: req.id }), version()));
  });
}
