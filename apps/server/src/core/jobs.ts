import type { Tx } from '../db/client.ts';

/** What a handler learns about the run it is in. */
export interface JobRun {
  id: number;
  name: string;
  /** 1 on the first try. */
  attempt: number;
}

export interface JobOptions {
  /** Tries before the job is given up (default 5). */
  retryLimit?: number;
  /** First retry delay; doubles each try (default 30 s). */
  backoffSeconds?: number;
}

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** At most one job with this key is waiting or running: a second enqueue with the same key is ignored. */
  singletonKey?: string;
}

/**
 * The durable job queue on the database (core/job-queue.ts). Handlers must be idempotent: a job may run
 * again after a crash. Each job runs once across every server instance (rows claimed with SKIP LOCKED).
 */
export interface JobQueue {
  /** A handler for jobs of this name. */
  register<P = unknown>(name: string, handler: (payload: P, run: JobRun) => Promise<void>, opts?: JobOptions): void;
  /** Adds a job; inside a transaction it exists only if the transaction commits. */
  enqueue(tx: Tx | null, name: string, payload?: unknown, opts?: EnqueueOptions): Promise<void>;
  /**
   * A recurring job: `cron` (minute hour day-of-month month day-of-week) read in Asia/Singapore time.
   * Each slot runs once across all instances.
   */
  schedule(name: string, cron: string, payload?: unknown): void;
}
