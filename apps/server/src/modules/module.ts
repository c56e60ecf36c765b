import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '@pinyou/contract';
import type { Handler, Pipeline } from '../core/http.ts';
import type { JobQueue } from '../core/jobs.ts';

/** The demo accounts every module's demo data hangs off (see seed/demo.ts). */
export interface DemoUsers {
  demoId: number;
  leaderId: number;
}

/**
 * A server domain as the app sees it. A module is built by its `create<M>Module(deps)` from the
 * dependencies it declares (other modules' ports, providers), and plugged in by one line in
 * `modules/index.ts`; `app.ts`, `main.ts` and the demo seed only loop over the list.
 */
export interface ServerModule {
  readonly name: string;
  /** Handlers of the contract domains this module answers, keyed like `contract` (e.g. `wallet`, `walletAdmin`). */
  readonly handlers: Record<string, Record<string, Handler<EndpointDef>>>;
  /**
   * Routes outside the contract (file downloads, payment pages, streams), registered after the contract's.
   * `pipeline.admit` applies the API's own checks (signature, session, roles, validation) to such a route.
   */
  http?(app: FastifyInstance, version: () => string, pipeline: Pipeline): Promise<void>;
  /** Registers the module's job handlers and recurring schedules (called once, right after the modules are built). */
  jobs?(queue: JobQueue): void;
  /** Runs once at start-up, after migrations and before listening (defaults the module needs). */
  start?(): Promise<void>;
  /**
   * Runs once at close, after requests and jobs have stopped and before the database closes: work the module
   * started itself ends or is dropped.
   */
  stop?(): Promise<void>;
  /** Demo data for a first start, run in list order after the demo accounts exist. */
  seedDemo?(users: DemoUsers): Promise<void>;
}

/** Erases the per-endpoint handler types once the module's routes have been type-checked against the contract. */
export const handlersOf = (h: Record<string, object>) => h as ServerModule['handlers'];
