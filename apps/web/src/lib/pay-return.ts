import { paths, type RoutePath } from './paths.ts';
import { nav } from './nav.ts';

/**
 * Where a customer who left to top up goes back to: the bill or mall order they were paying. It travels as
 * one query parameter (`back`) through the top-up screens (recharge → PayNow / bank transfer / WeChat →
 * payDone), so it survives a WeChat redirect and a new tab; only routes of the app are accepted.
 */
export const BACK_PARAM = 'back';

export interface PayReturn {
  path: RoutePath;
  query: Record<string, string>;
}

const known = new Set<string>(Object.values(paths));

/** The `back` value for a route and its query, e.g. payReturn(paths.cartOrderDetail, { id: 7 }). */
export function payReturn(path: RoutePath, query: Record<string, string | number> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The screen shown now, as a `back` value (hash routes: #/route?query). */
export function currentPayReturn(): string | null {
  const hash = globalThis.location?.hash ?? '';
  const v = hash.replace(/^#\/?/, '');
  return parsePayReturn(v) ? v : null;
}

/** Reads a `back` value; anything that is not a route of this app is ignored. */
export function parsePayReturn(v: string | null | undefined): PayReturn | null {
  if (!v) return null;
  const [path, search = ''] = v.split('?', 2);
  if (!known.has(path)) return null;
  return { path: path as RoutePath, query: Object.fromEntries(new URLSearchParams(search)) };
}

/** Goes back to what was being paid, replacing the top-up screen in the history. */
export function returnToPaying(v: string | null | undefined): boolean {
  const r = parsePayReturn(v);
  if (!r) return false;
  nav.redirectTo(r.path, r.query);
  return true;
}
