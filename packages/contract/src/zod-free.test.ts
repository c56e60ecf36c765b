import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The customer app formats money, checks the §5 rules, signs requests and reads codes and constants on
 * every screen. Those modules (and everything they import at run time) must not import zod: a module that
 * builds schemas at its top level brings zod (~50 KB gzipped) and the cost of building them into every
 * screen's bundle. Schemas live in their own modules (money-schema.ts, schemas.ts, the domain contracts).
 */
const appModules = [
  'money.ts',
  'constants.ts',
  'rules.ts',
  'codes.ts',
  'client-core.ts',
  'signing.ts',
  'carriers.ts',
  'fees.ts',
  'messages.ts',
  'language.ts',
  'rich-text.ts',
  'content-paths.ts',
  'domains/mall.vocab.ts',
  'domains/parcels.status.ts',
  'domains/parcels.customs.ts',
];

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Run-time imports of a module (type-only imports are erased and do not count). */
function runtimeImports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?\sfrom\s+'([^']+)'/gm)) if (!m[1]) out.push(m[2]);
  for (const m of src.matchAll(/^import\s+'([^']+)'/gm)) out.push(m[1]);
  return out;
}

function zodReachedFrom(start: string): string[] {
  const seen = new Set<string>();
  const chains: string[] = [];
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec === 'zod' || spec.startsWith('zod/')) chains.push([...chain, path.relative(dir, file), 'zod'].join(' → '));
      else if (spec.startsWith('.')) walk(path.resolve(path.dirname(file), spec), [...chain, path.relative(dir, file)]);
    }
  };
  walk(path.join(dir, start), []);
  return chains;
}

describe('modules the customer app imports on every screen', () => {
  for (const m of appModules)
    it(`${m} reaches no zod at run time`, () => {
      expect(fs.existsSync(path.join(dir, m))).toBe(true);
      expect(zodReachedFrom(m)).toEqual([]);
    });

  it('the check finds zod where it is imported', () => {
    expect(zodReachedFrom('money-schema.ts')).toEqual(['money-schema.ts → zod']);
  });
});
