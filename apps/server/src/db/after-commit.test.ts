import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { afterCommit } from './after-commit.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table after_commit_probe (id int primary key)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const ids = async () =>
  ((await database.db.execute(sql`select id from after_commit_probe order by id`)) as unknown as { rows: { id: number }[] }).rows.map(
    (r) => r.id,
  );

it('runs a task once its transaction has committed, when the rows are there for every connection', async () => {
  const seen: string[] = [];
  let read: Promise<number[]> | null = null;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into after_commit_probe values (1)`);
    afterCommit(tx, () => {
      seen.push('task');
      // Another connection on PostgreSQL (PGlite has one, free again once the transaction is over).
      read = ids();
    });
    seen.push('in the transaction');
  });
  seen.push('after');
  expect(seen).toEqual(['in the transaction', 'task', 'after']);
  expect(await read).toContain(1);
});

it('never runs it when the transaction rolls back', async () => {
  const task = vi.fn();
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into after_commit_probe values (2)`);
      afterCommit(tx, task);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect(task).not.toHaveBeenCalled();
  expect(await ids()).not.toContain(2);
});

it('runs it at once outside a transaction', () => {
  const task = vi.fn();
  afterCommit(database.db, task);
  expect(task).toHaveBeenCalledOnce();
});

it('a task that throws is logged; the transaction stays committed and answers, and the next task still runs', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const next = vi.fn();
  try {
    const out = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into after_commit_probe values (3)`);
      afterCommit(tx, () => {
        throw new Error('boom');
      });
      afterCommit(tx, next);
      return 'answer';
    });
    expect(out).toBe('answer');
    expect(next).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith('a task after a commit failed', expect.objectContaining({ message: 'boom' }));
    expect(await ids()).toContain(3);
  } finally {
    error.mockRestore();
  }
});

it('inside a savepoint, waits for the outermost commit; a savepoint rolled back drops its tasks, the rest still run', async () => {
  const seen: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`insert into after_commit_probe values (4)`);
      afterCommit(sp, () => seen.push('kept savepoint'));
      await sp.transaction(async (deeper) => {
        afterCommit(deeper, () => seen.push('deeper savepoint'));
      });
    });
    await expect(
      tx.transaction(async (sp) => {
        await sp.execute(sql`insert into after_commit_probe values (5)`);
        afterCommit(sp, () => seen.push('undone savepoint'));
        throw new Error('undo the savepoint');
      }),
    ).rejects.toThrow('undo the savepoint');
    afterCommit(tx, () => seen.push('outer'));
    seen.push('before the commit');
  });
  expect(seen).toEqual(['before the commit', 'kept savepoint', 'deeper savepoint', 'outer']);
  expect(await ids()).toContain(4);
  expect(await ids()).not.toContain(5);
});

it('never runs a savepoint’s tasks when the outer transaction rolls back', async () => {
  const task = vi.fn();
  await expect(
    database.db.transaction(async (tx) => {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`insert into after_commit_probe values (6)`);
        afterCommit(sp, task);
      });
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect(task).not.toHaveBeenCalled();
  expect(await ids()).not.toContain(6);
});
