import { z } from 'zod';
import { INT4_MAX } from './schemas.ts';

/**
 * Who may call an endpoint:
 * - none: anybody; optional: anybody, the session is used when valid;
 * - user: a customer's session; staff: a staff console session; terminal: a staff session from a handheld scanner.
 */
export type Auth = 'none' | 'optional' | 'user' | 'staff' | 'terminal';

/**
 * Staff roles (least privilege). `admin` may call every staff call; every other role only the calls
 * whose definition names it in `roles`.
 */
export const staffRoles = ['admin', 'finance', 'warehouse', 'service', 'content', 'leader_desk'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Roles a customer session may hold beyond the plain user (spec §6). */
export const customerRoles = ['user', 'leader', 'member', 'pickup'] as const;
export type CustomerRole = (typeof customerRoles)[number];

export interface EndpointDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  auth: Auth;
  summary: string;
  request: Req;
  response: Res;
  /** multipart/form-data upload: the non-file fields are signed and validated by `request`. */
  multipart?: boolean;
  /** false only for calls from outside parties (payment notifications) that verify their own way. */
  signed?: boolean;
  /**
   * staff / terminal calls: the staff roles that may use it besides `admin` (absent: every staff role).
   * user calls: the customer roles that may use it (absent: any customer), e.g. ['leader'] or ['pickup'].
   * The request pipeline enforces it before any handler runs (FORBIDDEN in the envelope); OpenAPI shows it.
   */
  roles?: readonly (StaffRole | CustomerRole)[];
  /**
   * Staff / terminal calls that change nothing. Every other staff call is a write: the request pipeline
   * records it in the audit log (who, when, which call, object, input, outcome) without the handler's help.
   */
  read?: boolean;
  /** multipart calls: how many files one request may carry (checked while streaming; default 1). */
  maxFiles?: number;
}

/** Staff and terminal calls must name their roles: no staff call is open to every role by omission. */
export const isStaffAuth = (auth: Auth) => auth === 'staff' || auth === 'terminal';

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(def: EndpointDef<Req, Res>): EndpointDef<Req, Res> {
  return def;
}

/** What the server's handler receives (after parsing) for an endpoint. */
export type RequestOf<E> = E extends EndpointDef<infer R, z.ZodType> ? z.output<R> : never;
/** What a caller sends. */
export type RequestInputOf<E> = E extends EndpointDef<infer R, z.ZodType> ? z.input<R> : never;
/** What the server's handler returns, and the client receives, as `data`. */
export type ResponseOf<E> = E extends EndpointDef<z.ZodType, infer S> ? z.output<S> : never;

export const empty = z.object({}).passthrough();
export const ok = z.object({}).passthrough();

export const pageRequest = {
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
}
