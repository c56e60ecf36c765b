import { AsyncLocalStorage } from 'node:async_hooks';
import type { Session } from './http.ts';

/** The request a piece of work is done for: who and which request, for the audit log without threading ctx. */
export interface RequestContext {
  session: Session | null;
  requestId: string;
  ip: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
