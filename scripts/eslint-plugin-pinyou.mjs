// Two architecture rules for `npm run lint`, kept local so they need no extra dependency:
// - module-boundaries: a server module is used by others only through its index.ts (its public face);
// - no-cycle: no file reaches itself again through its imports, type-only ones included.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const MODULES_DIR = resolve(import.meta.dirname, '../apps/server/src/modules');

/** Module name and path inside it for a file under apps/server/src/modules/<m>/, else null. */
export function moduleOf(file) {
  const rel = relative(MODULES_DIR, file);
  if (rel.startsWith('..') || !rel.includes(sep)) return null;
  const [name, ...rest] = rel.split(sep);
  return { name, inner: rest.join('/') };
}

const isTestFile = (f) => /\.(test|test-kit|test-helpers|test-double)\.tsx?$/.test(f) || f.includes(`${sep}test${sep}`);

/**
 * Whether `from` may import `to`. Allowed: anything inside its own module, another module's index.ts,
 * and (justified exceptions) module.ts files, a schema file referencing another module's table for a
 * foreign key, db/schema.ts gathering every table for drizzle-kit, and tests with their harness.
 */
export function boundaryAllowed(from, to) {
  const target = moduleOf(to);
  if (!target) return true;
  const source = moduleOf(from);
  if (source && source.name === target.name) return true;
  if (target.inner === 'index.ts') return true;
  // modules/index.ts is the composition root: it builds each module from its <m>.module.ts.
  if (from === resolve(MODULES_DIR, 'index.ts') && target.inner.endsWith('.module.ts')) return true;
  if (isTestFile(from)) return true;
  if (from.endsWith(`${sep}db${sep}schema.ts`) && to.endsWith('.schema.ts')) return true;
  if (from.endsWith('.schema.ts') && to.endsWith('.schema.ts')) return true;
  return false;
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const p = resolve(dirname(from), spec);
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`]) if (existsSync(c) && !c.endsWith(sep)) return c;
  return p;
}

// Type-only imports count too: they vanish at compile time, but a circle of types is still two rooms that
// each need the other, and it hides the runtime circle the next value import closes.
const importRe = /^\s*(?:import|export)\s+(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const graphCache = new Map();
function importsOf(file) {
  let deps = graphCache.get(file);
  if (deps) return deps;
  deps = [];
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    /* a missing file is reported by the type checker */
  }
  for (const m of text.matchAll(importRe)) {
    const r = resolveImport(file, m[1]);
    if (r && /\.tsx?$/.test(r)) deps.push(r);
  }
  graphCache.set(file, deps);
  return deps;
}

/** A path of files from `start` back to `start`, or null. */
export function findCycle(start) {
  const seen = new Set();
  const stack = [];
  const visit = (f) => {
    if (f === start && stack.length) return [...stack, f];
    if (seen.has(f)) return null;
    seen.add(f);
    stack.push(f);
    for (const d of importsOf(f)) {
      const found = visit(d);
      if (found) return found;
    }
    stack.pop();
    return null;
  };
  return visit(start);
}

const short = (f) => relative(process.cwd(), f);

export default {
  meta: { name: 'pinyou' },
  rules: {
    'module-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          deep: "'{{spec}}' reaches inside module '{{module}}': import from '{{module}}/index.ts' (add what you need to that module's public face or a port).",
        },
      },
      create(context) {
        const from = context.filename;
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          const to = resolveImport(from, spec);
          if (to && !boundaryAllowed(from, to))
            context.report({ node: node.source, messageId: 'deep', data: { spec, module: moduleOf(to).name } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    'no-cycle': {
      meta: { type: 'problem', messages: { cycle: 'Import cycle: {{path}}' } },
      create(context) {
        const from = context.filename;
        return {
          'Program:exit'(program) {
            const cycle = findCycle(from);
            if (cycle) context.report({ node: program, messageId: 'cycle', data: { path: cycle.map(short).join(' → ') } });
          },
        };
      },
    },
  },
};
