/**
 * The before/after pair the audit log keeps for a changed row: only the fields that changed, plus the
 * identifying ones named in `keep`, with keys in the API's snake_case. A created row (no before) keeps
 * all of its fields as `after`; a deleted one (no after) all of them as `before`.
 */
export function changes(
  beforeRow: object | null | undefined,
  afterRow: object | null | undefined,
  keep: readonly string[] = [],
): { before?: Record<string, unknown>; after?: Record<string, unknown> } {
  const before = beforeRow as Record<string, unknown> | null | undefined;
  const after = afterRow as Record<string, unknown> | null | undefined;
  const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const pick = (row: Record<string, unknown>, keys: Iterable<string>) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) if (row[k] !== undefined && !IGNORED.has(k)) out[snake(k)] = row[k];
    return out;
  };
  if (!before) return after ? { after: pick(after, Object.keys(after)) } : {};
  if (!after) return { before: pick(before, Object.keys(before)) };
  const keys = new Set(keep);
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) keys.add(k);
  return { before: pick(before, keys), after: pick(after, keys) };
}

/** Bookkeeping columns that say nothing an auditor needs (the log row has its own time and staff). */
const IGNORED = new Set(['updatedAt', 'updatedBy']);
