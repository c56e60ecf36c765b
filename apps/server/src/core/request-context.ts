import { AsyncLocalStorage } from 'node:async_hooks';

/** A signed-in session as the HTTP core resolved it. */
export interface Session {
  id: number;
  userId: number | null;
  staffId: number | null;
  role: string;
  actingLeaderId: number | null;
  staffRole: string | null;
}

/** The request a piece of work is done for: who and which request, for the audit log without threading ctx. */
export interface RequestContext {
  session: Session | null;
  requestId: string;
  ip: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
