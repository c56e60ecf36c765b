import { z } from 'zod';

/** Every answer, success or not: HTTP 200 (401/404/500 for those codes) with this body. */
export const envelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  version: z.string(),
  data: z.unknown(),
});
export type Envelope<T = unknown> = { code: number; msg: string; version: string; data: T };

/** The stale-timestamp answer carries the server's clock so the client can correct its offset. */
export const staleTimestampData = z.object({ server_time: z.number().int() });
