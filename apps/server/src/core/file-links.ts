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

  /** Every private reference in an answer, replaced by a signed link. */
  signAll(v: unknown, depth = 0): unknown {
    if (typeof v === 'string') {
      const m = PRIVATE_REF.exec(v);
      return m ? this.link(m[1]) : v;
    }
    if (depth > 12 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.signAll(x, depth + 1));
    if (v instanceof Date) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.signAll(x, depth + 1);
    return out;
  }

  /** Signed links in a request back to stored references (only validly signed ones; anything else stays as sent). */
  unsignAll(v: unknown, now = Date.now(), depth = 0): unknown {
    if (typeof v === 'string') {
      const m = SIGNED_LINK.exec(v);
      if (!m) return v;
      const exp = Number(m[2]);
      const ok = exp + this.acceptSeconds >= Math.floor(now / 1000) && safeEqualHex(this.sig(m[1], exp), m[3]);
      return ok ? `/uploads/${m[1]}` : v;
    }
    if (depth > 12 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.unsignAll(x, now, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.unsignAll(x, now, depth + 1);
    return out;
  }
}
