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
  const dir = path.join(tmp, 'before');
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
