import type { Db, Tx } from './client.ts';

/*
 * Work that must wait until a transaction's writes are visible to everyone: forgetting what a cache keeps of rows
 * the transaction changed. Forgotten inside the transaction, a read on another connection before the COMMIT would
 * see the old rows and keep them again, for as long as the cache keeps anything.
 */

type Task = () => void;
const waiting = new WeakMap<object, Task[]>();

/**
 * Runs `task` once the transaction `tx` has committed; never if it rolls back. Inside a nested transaction (a
 * savepoint), once the outermost one has committed, and never if the savepoint is rolled back. Given the database
 * itself (no transaction), or a transaction the database did not open through `db.transaction`, it runs at once.
 * A task that throws is logged: the transaction has committed and stays committed.
 */
export function afterCommit(tx: Tx, task: Task): void {
  const tasks = waiting.get(tx);
  if (tasks) tasks.push(task);
  else run([task]);
}

/** Makes `db.transaction` run what `afterCommit` gathered for its transaction once it has committed. */
export function runTasksAfterCommit(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    const tasks: Task[] = [];
    const result = await transaction((tx) => gathering(tx, tasks, fn), config as never);
    run(tasks);
    return result;
  }) as Db['transaction'];
}

/**
 * Runs `fn` with `tx` gathering tasks into `tasks`. A savepoint opened from `tx` gathers its own, handed to
 * `tasks` when it is released: a savepoint rolled back takes its tasks with it, even when the outer transaction
 * goes on and commits.
 */
async function gathering<T>(tx: Tx, tasks: Task[], fn: (tx: Tx) => Promise<T>): Promise<T> {
  waiting.set(tx, tasks);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = (async (inner: (sp: Tx) => Promise<unknown>, config?: unknown) => {
    const mine: Task[] = [];
    const result = await savepoint((sp) => gathering(sp, mine, inner), config as never);
    tasks.push(...mine);
    return result;
  }) as Tx['transaction'];
  try {
    return await fn(tx);
  } finally {
    waiting.delete(tx);
  }
}

function run(tasks: Task[]) {
  for (const task of tasks) {
    try {
      task();
    } catch (e) {
      console.error('a task after a commit failed', e);
    }
  }
}
