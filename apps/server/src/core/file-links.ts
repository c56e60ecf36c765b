import { createHmac } from 'node:crypto';
import { safeEqualHex } from './crypto.ts';

/** Stored references to private files (vouchers, parcel photos, invoices): everything under /uploads/ but public/. */
const PRIVATE_REF = /^\/uploads\/(?!public\/)([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,5})$/;
const SIGNED_LINK = /^\/files\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,5})\?exp=(\d{1,12})&sig=([0-9a-f]{64})$/;

/**
 * Private uploads are never served by name: an answer that carries a stored reference gets a short-lived
 * signed link instead, and only callers the handler let see the record (its owner, staff of the right
 * role) ever get one. A signed link sent back (a form re-submitting a photo) becomes the reference again.
 */
export class FileLinks {
  constructor(
    private readonly secret: string,
    readonly ttlSeconds = 600,
    /** How old a link sent back in a request may be: it proves the caller was shown the file. */
    private readonly acceptSeconds = 86_400,
  ) {}

  private sig(name: string, exp: number) {
    return createHmac('sha256', this.secret).update(`file:${name}:${exp}`).digest('hex');
  }

  link(name: string, now = Date.now()) {
    const exp = Math.floor(now / 1000) + this.ttlSeconds;
    return `/files/${name}?exp=${exp}&sig=${this.sig(name, exp)}`;
  }

  /** The file name a request for /files/<name> may read, or null (bad signature, expired). */
  verify(name: string, exp: unknown, sig: unknown, now = Date.now()): string | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return null;
    if (!PRIVATE_REF.test(`/uploads/${name}`)) return null;
    if (Number(exp) < Math.floor(now / 1000)) return null;
    return safeEqualHex(this.sig(name, Number(exp)), sig) ? name : null;
  }

  /**
   * Every private reference in an answer, replaced by a signed link. Runs on every answer, so only what holds a
   * reference is copied (copy on write); an answer without one comes back as it was, not rebuilt.
   */
  signAll(v: unknown, depth = 0): unknown {
    if (typeof v === 'string') {
      if (!v.startsWith('/uploads/')) return v;
      const m = PRIVATE_REF.exec(v);
      return m ? this.link(m[1]) : v;
    }
    if (depth > 12 || v === null || typeof v !== 'object' || v instanceof Date) return v;
    return mapCopyOnWrite(v, (x) => this.signAll(x, depth + 1));
  }

  /** Signed links in a request back to stored references (only validly signed ones; anything else stays as sent). */
  unsignAll(v: unknown, now = Date.now(), depth = 0): unknown {
    if (typeof v === 'string') {
      if (!v.startsWith('/files/')) return v;
      const m = SIGNED_LINK.exec(v);
      if (!m) return v;
      const exp = Number(m[2]);
      const ok = exp + this.acceptSeconds >= Math.floor(now / 1000) && safeEqualHex(this.sig(m[1], exp), m[3]);
      return ok ? `/uploads/${m[1]}` : v;
    }
    if (depth > 12 || v === null || typeof v !== 'object') return v;
    return mapCopyOnWrite(v, (x) => this.unsignAll(x, now, depth + 1));
  }
}

/** `v` with `f` applied to each element or own property; `v` itself when nothing changed, else a copy. */
function mapCopyOnWrite(v: object, f: (x: unknown) => unknown): unknown {
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const y = f(v[i]);
      if (y !== v[i]) (out ??= v.slice())[i] = y;
    }
    return out ?? v;
  }
  const src = v as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(src)) {
    const y = f(src[k]);
    if (y !== src[k]) (out ??= { ...src })[k] = y;
  }
  return out ?? v;
}
