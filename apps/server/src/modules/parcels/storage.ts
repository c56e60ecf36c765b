/** Storage in the China warehouse (issue 37), by the contract's one rule (parcels.storage.ts). */
import { storageFor, storageLineText, type StoragePolicy } from '@pinyou/contract';
import type { ParcelRow } from './parcels.repository.ts';
import type { QuoteLine } from './pricing.ts';
import { parcelCbm } from './parcels.view.ts';

/**
 * The pack bill's storage line: its parcels' fees from scan-in up to `at` (the day the pack is measured),
 * or null when nothing is charged (every parcel within its free period).
 */
export function storageLineOf(parcelRows: ParcelRow[], policy: StoragePolicy, at: Date): QuoteLine | null {
  let fee = 0;
  let days = 0;
  let charged = 0;
  for (const p of parcelRows) {
    if (!p.inboundAt) continue;
    const s = storageFor(p.inboundAt, at, parcelCbm(p), policy);
    if (s.fee_minor <= 0) continue;
    fee += s.fee_minor;
    days += s.chargeable_days;
    charged += 1;
  }
  if (fee <= 0) return null;
  return { code: 'storage', label: storageLineText.label, detail: storageLineText.detail(charged, days), amountMinor: fee };
}
