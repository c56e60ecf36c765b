import type { Db, Tx } from './types.ts';

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
  gatherTasks(db, run);
}

/**
 * Wraps `owner.transaction` (the database's, or a transaction's for its savepoints) so each transaction it opens
 * gathers its tasks, and hands them to `committed` once it has committed (for a savepoint: released). Its own
 * savepoints hand theirs to it, so a savepoint rolled back takes its tasks with it, even when the outer
 * transaction goes on and commits.
 */
function gatherTasks(owner: Db | Tx, committed: (tasks: Task[]) => void): void {
  const transaction = owner.transaction.bind(owner);
  owner.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    const tasks: Task[] = [];
    const result = await transaction(async (tx) => {
      waiting.set(tx, tasks);
      gatherTasks(tx, (mine) => tasks.push(...mine));
      try {
        return await fn(tx);
      } finally {
        waiting.delete(tx);
      }
    }, config as never);
    committed(tasks);
    return result;
  }) as Db['transaction'];
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
