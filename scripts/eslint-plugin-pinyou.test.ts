import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryAllowed, findCycle } from './eslint-plugin-pinyou.mjs';

const root = resolve(import.meta.dirname, '..');
const mod = (p: string) => join(root, 'apps/server/src/modules', p);

describe('module-boundaries', () => {
  it('refuses a deep import across modules and allows the index, its own files, module files from the composition root and tests', () => {
    expect(boundaryAllowed(mod('parcels/packing.service.ts'), mod('account/address.repository.ts'))).toBe(false);
    expect(boundaryAllowed(join(root, 'apps/server/src/app.ts'), mod('wallet/billing.service.ts'))).toBe(false);
    expect(boundaryAllowed(mod('parcels/packing.service.ts'), mod('account/index.ts'))).toBe(true);
    expect(boundaryAllowed(mod('parcels/packing.service.ts'), mod('parcels/parcels.repository.ts'))).toBe(true);
    expect(boundaryAllowed(mod('index.ts'), mod('groups/groups.module.ts'))).toBe(true);
    expect(boundaryAllowed(mod('parcels/parcels-flow.api.test.ts'), mod('account/account.repository.ts'))).toBe(true);
  });

  it('makes `eslint` fail on a deliberate deep import in a module file', async () => {
    const eslint = new ESLint({ cwd: root });
    const [res] = await eslint.lintText(
      "import { findUserById } from '../account/account.repository.ts';\nexport const x = findUserById;\n",
      {
        filePath: mod('parcels/deep-import-probe.ts'),
      },
    );
    expect(res.messages.map((m) => m.ruleId)).toContain('pinyou/module-boundaries');
  }, 60_000);
});

describe('no-cycle', () => {
  it('finds a cycle through imports, type-only ones included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    mkdirSync(join(dir, 'seed'));
    writeFileSync(join(dir, 'services.ts'), "import { seed } from './wallet.seed.ts';\nexport const s = seed;\n");
    writeFileSync(join(dir, 'wallet.seed.ts'), "import { demo } from './seed/demo.ts';\nexport const seed = demo;\n");
    writeFileSync(join(dir, 'seed/demo.ts'), "import { s } from '../services.ts';\nexport const demo = () => s;\n");
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = B;\n");
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport type B = A | 1;\n");
    const cycle = findCycle(join(dir, 'services.ts'));
    expect(cycle?.map((f: string) => f.slice(dir.length + 1))).toEqual(['services.ts', 'wallet.seed.ts', 'seed/demo.ts', 'services.ts']);
    expect(findCycle(join(dir, 'a.ts'))?.map((f: string) => f.slice(dir.length + 1))).toEqual(['a.ts', 'b.ts', 'a.ts']);
    writeFileSync(join(dir, 'c.ts'), "export type { D } from './d.ts';\n");
    writeFileSync(join(dir, 'd.ts'), "import { type C } from './c.ts';\nexport type D = C;\n");
    expect(findCycle(join(dir, 'c.ts'))?.map((f: string) => f.slice(dir.length + 1))).toEqual(['c.ts', 'd.ts', 'c.ts']);
    writeFileSync(join(dir, 'e.ts'), "import type { F } from './f.ts';\nexport type E = F;\n");
    writeFileSync(join(dir, 'f.ts'), 'export type F = 1;\n');
    expect(findCycle(join(dir, 'e.ts'))).toBeNull();
  });
});
