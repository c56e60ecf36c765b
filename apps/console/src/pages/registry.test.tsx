import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../api.ts', () => ({ call: vi.fn(), staffToken: { get: () => 't' } }));
const { consolePages, menuSections } = await import('./registry.tsx');

const here = path.dirname(fileURLToPath(import.meta.url));

/** The menu as staff and the e2e tests know it: path, English label, roles (absent: every role; []: admin only). */
const expected: Array<[string, string, readonly string[] | undefined]> = [
  ['users', 'Customers', ['service', 'finance']],
  ['inbound', 'Inbound scanning', ['warehouse']],
  ['parcels', 'Parcels', ['warehouse', 'service']],
  ['claims', 'Insurance claims', ['finance', 'service']],
  ['problems', 'Problem parcels', ['warehouse', 'service']],
  ['packing', 'Packing & measuring', ['warehouse']],
  ['packs', 'Packs & bills', ['warehouse', 'service', 'finance']],
  ['batches', 'Outbound batches', ['warehouse', 'service']],
  ['returns', 'Returns review', ['warehouse', 'service']],
  ['unclaimed', 'Unclaimed parcels', ['warehouse', 'service']],
  ['rate-cards', 'Rate cards', ['finance', 'warehouse', 'service']],
  ['holidays', 'Warehouse holidays', ['warehouse', 'service']],
  ['wallet/recharges', 'Top-up review', ['finance']],
  ['wallet/customers', 'Customer wallets', ['finance', 'service']],
  ['wallet/coupons', 'Coupon batches', ['finance', 'service']],
  ['wallet/reconcile', 'Reconciliation', ['finance']],
  ['content/articles', 'Articles', ['content']],
  ['content/notices', 'Notices', ['content']],
  ['content/slides', 'Home slides', ['content']],
  ['content/assistant', 'Assistant', ['content', 'service']],
  ['support', 'Support inbox', ['service']],
  ['groups/applications', 'Leader applications', ['leader_desk']],
  ['groups/list', 'Groups', ['leader_desk']],
  ['groups/batches', 'Group batches', ['leader_desk', 'warehouse']],
  ['groups/payouts', 'Reward payouts', ['leader_desk', 'finance']],
  ['mall/orders', 'Mall orders', ['service', 'warehouse']],
  ['mall/products', 'Mall goods', ['content']],
  ['mall/categories', 'Mall categories', ['content']],
  ['mall/slides', 'Mall slides', ['content']],
  ['mall/settings', 'Mall settings', ['content', 'finance']],
  ['outbox', 'Outbox (all channels)', ['service']],
  ['settings', 'System settings', ['finance', 'service', 'content']],
  ['admin/staff', 'Staff accounts', []],
  ['admin/audit', 'Audit log', []],
];

describe('console page registry', () => {
  it('keeps every path, label and role in menu order', () => {
    expect(consolePages.map((p) => [p.path, p.label.en, p.roles])).toEqual(expected);
    for (const p of consolePages) expect(p.label.zh_CN, p.path).toMatch(/\p{Script=Han}/u);
  });

  it('groups the menu by domain, each section once', () => {
    const sections = menuSections(consolePages);
    expect(sections.map((s) => s.key)).toEqual(['customers', 'parcels', 'wallet', 'content', 'groups', 'mall', 'system']);
    expect(sections.find((s) => s.key === 'system')!.pages.map((p) => p.path)).toEqual([
      'outbox',
      'settings',
      'admin/staff',
      'admin/audit',
    ]);
    expect(sections.flatMap((s) => s.pages)).toHaveLength(consolePages.length);
  });

  it('registration files import no code of their own domain or the console (icons from packages may be), so pages load lazily', () => {
    const domains = fs.readdirSync(here, { withFileTypes: true }).filter((d) => d.isDirectory());
    const files = domains.flatMap((d) =>
      fs
        .readdirSync(path.join(here, d.name))
        .filter((f) => f.endsWith('.pages.tsx'))
        .map((f) => path.join(here, d.name, f)),
    );
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) {
      const localValueImports = [...fs.readFileSync(f, 'utf8').matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gm)]
        .filter((m) => !m[1])
        .map((m) => m[2]);
      expect(localValueImports, path.basename(f)).toEqual([]);
    }
  });

  it('every entry loads a page component', async () => {
    for (const p of consolePages) expect(typeof (await p.load()), p.path).toBe('function');
  });
});
