import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.ts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-mig-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The migration folder as it was before `tag`: its journal cut there, the later files left out. */
function folderBefore(tag: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  const dir = path.join(tmp, `before-${tag}`);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const e of journal.entries.slice(0, cut)) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

describe('migration 0009: links are one-way', () => {
  it('drops links the old code wrote both ways at once, keeps links each side made on its own', async () => {
    const client = new PGlite(pgliteOptions());
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore('0009_one-way-links') });
    // 1 ↔ 2 as the old code wrote them (one statement, one time); 3 → 4 and later 4 → 3, each proved; 5 → 6 one-way.
    await db.execute(sql`insert into account_links (user_id, linked_user_id, created_at) values
      (1, 2, '2026-10-01T10:00:00Z'), (2, 1, '2026-10-01T10:00:00Z'),
      (3, 4, '2026-10-02T10:00:00Z'), (4, 3, '2026-10-05T09:00:00Z'),
      (5, 6, '2026-10-03T10:00:00Z')`);
    await migrate(db, { migrationsFolder: folder });
    const rows = await db.execute<{ user_id: number; linked_user_id: number }>(
      sql`select user_id, linked_user_id from account_links order by user_id, linked_user_id`,
    );
    expect(rows.rows.map((r) => `${r.user_id}->${r.linked_user_id}`)).toEqual(['3->4', '4->3', '5->6']);
    await client.close();
  });
});

describe('migration 0016: batches already out keep their totals', () => {
  it('adds up the live packs of each outbound batch (as GroupPacksPort.packTotalsOf), and leaves open batches to be added up', async () => {
    const client = new PGlite(pgliteOptions());
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore('0016_group-batch-shipped-totals') });
    await db.execute(sql`insert into group_batches (id, batch_no, group_id, pack_date, status) values
      (1, 'GB1', 7, '2026-11-07', 'outbound'), (2, 'GB2', 7, '2026-11-14', 'packed'), (3, 'GB3', 7, '2026-10-31', 'outbound')`);
    // Batch 1: two members' live packs, a cancelled one, a pack of another group and a DIRECT pack left out.
    await db.execute(sql`insert into packs (id, pack_no, user_id, mode, status, group_id, volume_mm3, amount_minor, currency) values
      (1, 'P1', 100, 'GROUP', 'shipped', 7, 1000000, 1500, 'SGD'), (2, 'P2', 100, 'GROUP', 'shipped', 7, 2000000, 2500, 'SGD'),
      (3, 'P3', 101, 'GROUP', 'shipped', 7, 500000, 700, 'SGD'), (4, 'P4', 102, 'GROUP', 'cancelled', 7, 9000000, 9000, 'SGD'),
      (5, 'P5', 103, 'GROUP', 'shipped', 8, 9000000, 9000, 'SGD'), (6, 'P6', 104, 'DIRECT', 'shipped', 7, 9000000, 9000, 'SGD'),
      (7, 'P7', 100, 'GROUP', 'packed', 7, 3000000, 100, 'SGD')`);
    await db.execute(sql`insert into group_batch_packs (batch_id, pack_id, user_id) values
      (1, 1, 100), (1, 2, 100), (1, 3, 101), (1, 4, 102), (1, 5, 103), (1, 6, 104), (2, 7, 100)`);
    await migrate(db, { migrationsFolder: folder });
    const rows = (await db.execute(sql`select id, shipped_totals from group_batches order by id`)).rows;
    expect(rows).toEqual([
      { id: 1, shipped_totals: { packCount: 3, memberCount: 2, volumeMm3: 3500000, amountMinor: 4700, currencies: ['SGD'] } },
      { id: 2, shipped_totals: null },
      { id: 3, shipped_totals: { packCount: 0, memberCount: 0, volumeMm3: 0, amountMinor: 0, currencies: [] } },
    ]);
    await client.close();
  });
});
