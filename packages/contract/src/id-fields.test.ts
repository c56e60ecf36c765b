import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allEndpoints } from './catalogue.ts';

/**
 * Every id and cursor field of every request, in every endpoint (added later included), follows the
 * bounded id rule (zId / zCursor): a number past what an integer column holds is refused in the contract,
 * never sent to the database (where it failed with a 500).
 */
type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const wrappers = ['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional'];

/** The object shapes reachable from a schema: itself, and objects inside its fields and arrays. */
function objects(s: z.ZodType, depth = 0): Record<string, z.ZodType>[] {
  if (depth > 6) return [];
  const d = defOf(s);
  if (d.type === 'object') {
    const shape = d.shape as Record<string, z.ZodType>;
    return [shape, ...Object.values(shape).flatMap((f) => objects(f, depth + 1))];
  }
  if (wrappers.includes(d.type)) return objects(d.innerType as z.ZodType, depth + 1);
  if (d.type === 'pipe') return [...objects(d.in as z.ZodType, depth + 1), ...objects(d.out as z.ZodType, depth + 1)];
  if (d.type === 'array') return objects(d.element as z.ZodType, depth + 1);
  if (d.type === 'union') return (d.options as z.ZodType[]).flatMap((o) => objects(o, depth + 1));
  return [];
}

const isIdOrCursor = (k: string) => k === 'id' || /_ids?$/.test(k) || /^(after|before)(_|$)/.test(k) || k === 'cursor';
const outOfRange = [2147483648, 1e308, -1, 1.5];

describe('id and cursor fields', () => {
  it('refuse numbers no integer column holds, in every request of the catalogue', () => {
    const loose: string[] = [];
    let checked = 0;
    for (const { domain, name, def } of allEndpoints()) {
      for (const shape of objects(def.request)) {
        for (const [key, field] of Object.entries(shape)) {
          if (!isIdOrCursor(key)) continue;
          checked++;
          for (const v of outOfRange) {
            if (field.safeParse(key.endsWith('_ids') ? [v] : v).success) loose.push(`${domain}.${name}.${key} accepts ${v}`);
          }
        }
      }
    }
    expect(loose).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
