/**
 * Inputs for every contract endpoint, made from its zod schema (not written per endpoint), so the
 * authorization matrix and the schema fuzz cover endpoints added later without being edited.
 */
import type { z } from 'zod';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object schema under wrappers (pipe, optional, default…), or null. */
export function objectShape(s: z.ZodType): Record<string, z.ZodType> | null {
  const d = defOf(s);
  if (d.type === 'object') return d.shape as Record<string, z.ZodType>;
  if (d.type === 'pipe') return objectShape(d.in as z.ZodType) ?? objectShape(d.out as z.ZodType);
  if (['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional'].includes(d.type))
    return objectShape(d.innerType as z.ZodType);
  return null;
}

export const isIdKey = (k: string) => k === 'id' || /_ids?$/.test(k);

/** Values that commonly satisfy a field; the first the field's own schema accepts is used. */
const hints: unknown[] = [
  'Test',
  1,
  '1',
  true,
  '10',
  '81234567',
  'test@example.com',
  '123456',
  '2026-12-01',
  'SF1234567890',
  'abcdef12345',
  'TestUser1',
  'Password1',
  'Clothes',
  '520201',
  'idem-key-0001',
  [1],
  0,
  {},
  [],
];

function candidates(s: z.ZodType, key: string, depth: number): unknown[] {
  const d = defOf(s);
  switch (d.type) {
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>);
    case 'literal':
      return [...(d.values as unknown[])];
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'prefault':
    case 'catch':
    case 'nonoptional':
      return candidates(d.innerType as z.ZodType, key, depth);
    case 'pipe':
      return [...candidates(d.in as z.ZodType, key, depth), ...candidates(d.out as z.ZodType, key, depth)];
    case 'union':
      return (d.options as z.ZodType[]).flatMap((o) => candidates(o, key, depth));
    case 'object':
      return depth < 4 ? [sampleInput(s, {}, depth + 1)] : [{}];
    case 'array': {
      const el = candidates(d.element as z.ZodType, key, depth + 1).find((c) => (d.element as z.ZodType).safeParse(c).success);
      return el === undefined ? [[]] : [[el], []];
    }
    case 'record':
      return [{}];
    default:
      return [];
  }
}

/**
 * A valid-looking input for a request schema: each field gets the first candidate its schema accepts;
 * id fields get `ids[key]` (or `ids.id`) when given, so a caller can aim at another customer's objects.
 */
export function sampleInput(schema: z.ZodType, ids: Record<string, number> = {}, depth = 0): Record<string, unknown> {
  const shape = objectShape(schema);
  if (!shape) return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (isIdKey(key)) {
      const id = ids[key] ?? ids[key.replace(/s$/, '')] ?? ids.id ?? 1;
      const value = key.endsWith('_ids') ? [id] : id;
      if (field.safeParse(value).success) {
        out[key] = value;
        continue;
      }
    }
    const pick = [...candidates(field, key, depth), ...hints].find((c) => field.safeParse(c).success);
    if (pick !== undefined) out[key] = pick;
  }
  return out;
}

/** Longer than any field's maximum, well under the body limit. */
const HUGE = 'x'.repeat(20_000);
function deep(n: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** Hostile values for one field: wrong types, huge and NUL strings, out-of-range numbers, nesting. */
export const hostileValues: unknown[] = [
  null,
  'abc',
  HUGE,
  'a\u0000b',
  2147483648,
  1e308,
  -1,
  1.5,
  '2026-02-30',
  [null],
  { a: 1 },
  deep(60),
];

/**
 * The bodies (JSON text) a fuzz run sends to an endpoint: the sample input with each field in turn replaced
 * by each hostile value, plus the empty body, a deeply nested body and prototype-polluting keys.
 */
export function fuzzBodies(schema: z.ZodType): string[] {
  const base = sampleInput(schema);
  const keys = Object.keys(objectShape(schema) ?? {});
  // Prototype keys written as JSON text: an object literal would set the prototype instead of a key.
  const withFirst = (head: string, obj: Record<string, unknown>) => {
    const rest = JSON.stringify(obj).slice(1, -1);
    return `{${head}${rest ? `,${rest}` : ''}}`;
  };
  const bodies: string[] = [
    '{}',
    JSON.stringify(deep(200)),
    '{"__proto__":{"admin":true,"roles":["admin"]},"constructor":{"prototype":{"x":1}}}',
    withFirst('"__proto__":{"polluted":1},"constructor":{"name":"x"}', base),
  ];
  for (const k of keys) {
    for (const v of hostileValues) bodies.push(JSON.stringify({ ...base, [k]: v }));
    const { [k]: _drop, ...others } = base;
    bodies.push(withFirst(`"${k}":{"__proto__":{"polluted":1}}`, others));
  }
  return bodies;
}
