import type { CourierInfo } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { ARRIVING_STAGES, findLastCourierEvents } from './tracking.repository.ts';
import { NO_COURIER } from './parcels.view.ts';

/**
 * The courier line of parcels still before the warehouse (status pending), read in one statement for a page;
 * parcels past the China leg (or with nothing pushed) get NO_COURIER without a read.
 */
export async function courierOf(db: Tx, rows: Array<{ id: number; status: string }>): Promise<(r: { id: number }) => CourierInfo> {
  const pending = rows.filter((r) => r.status === 'pending').map((r) => r.id);
  if (!pending.length) return () => NO_COURIER;
  const last = await findLastCourierEvents(db, pending);
  return (r) => {
    const e = last.get(r.id);
    return e ? { last_event: { text: e.text, at: e.at.toISOString() }, arriving_soon: ARRIVING_STAGES.includes(e.stage) } : NO_COURIER;
  };
}
