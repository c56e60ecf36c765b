/**
 * Answers remembered under the version of the data they were read from, at most `capacity` of them (the least
 * recently used go first). A hit needs the version the caller has just read from the database to be the one
 * stored: the database stays the judge of freshness, so every server instance may keep its own without any
 * message between them.
 *
 * The caller reads the version before it reads the data: if a write lands between the two, the answer is
 * stored under the older version and the next request, which reads the newer one, misses. (Read the other way
 * round, an older answer could be stored under the newer version and outlive the write.)
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();

  constructor(private readonly capacity: number) {}

  get enabled() {
    return this.capacity > 0;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string, version: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    // Map keeps insertion order: moved to the end, it is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Stores value frozen (deeply): every hit hands out the same object, so no caller may change it. */
  set(key: string, version: number, value: V) {
    if (!this.enabled) return;
    deepFreeze(value);
    if (value !== null && typeof value === 'object') jsonTexts.set(value, undefined);
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * The JSON text of kept values, written on first use: a hit hands out the same frozen object, so its text never
 * changes, and writing a page of rows again on every hit was most of what a repeated page cost. Weak: a value the
 * cache lets go takes its text with it.
 */
const jsonTexts = new WeakMap<object, string | undefined>();

/** JSON.stringify(value) for a value a VersionedCache keeps, written once per value; undefined for any other. */
export function keptJsonText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || !jsonTexts.has(value)) return undefined;
  let text = jsonTexts.get(value);
  if (text === undefined) jsonTexts.set(value, (text = JSON.stringify(value)));
  return text;
}

function deepFreeze(v: unknown) {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}
