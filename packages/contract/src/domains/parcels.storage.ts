/**
 * Storage in the China warehouse (issue 37): one rule for the parcel views, the pack's bill, the reminder
 * job and the disposal check, on the web and on the server. Zod-free: the customer app loads it.
 *
 * - Days are calendar days at UTC+8 (China and Singapore share the offset; no daylight saving), so a day
 *   starts at 00:00 in Guangzhou and Singapore alike. The day the warehouse scans the parcel in is day 1.
 * - The first `free_days` days are free: free until day `free_days` (30 free days from 30 Nov: free until 29 Dec).
 * - Each later day costs the daily fee of the parcel's size band (its volume measured at scan-in; an
 *   unmeasured parcel pays the smallest band). The fee is a line of the bill of the pack the parcel goes in,
 *   counted up to the day the pack is measured.
 * - From day `dispose_after_days` + 1 staff may dispose of the parcel, once its owner was told in advance.
 * - Reminders go `reminder_days_before` days before the free period ends and before the disposal date.
 * - Leaders' group members follow the same policy.
 */

export interface StorageFeeBand {
  /** Largest volume (cbm) in the band; null: any larger parcel. */
  max_cbm: number | null;
  /** Per chargeable day, SGD (a Money object like every amount on the wire). */
  daily_fee: { amount_minor: number; currency: 'SGD' };
}

export interface StoragePolicy {
  free_days: number;
  /** By volume, smallest first; the first band a parcel fits applies. */
  bands: StorageFeeBand[];
  /** Days before the free period ends, and before the disposal date, that the owner is reminded. */
  reminder_days_before: number;
  /** After this many days in the warehouse staff may dispose of the parcel. */
  dispose_after_days: number;
}

/** What a fresh installation starts with; staff change it in the system settings. */
export const defaultStoragePolicy: StoragePolicy = {
  free_days: 30,
  bands: [
    { max_cbm: 0.01, daily_fee: { amount_minor: 10, currency: 'SGD' } },
    { max_cbm: 0.05, daily_fee: { amount_minor: 20, currency: 'SGD' } },
    { max_cbm: 0.2, daily_fee: { amount_minor: 50, currency: 'SGD' } },
    { max_cbm: null, daily_fee: { amount_minor: 100, currency: 'SGD' } },
  ],
  reminder_days_before: 3,
  dispose_after_days: 90,
};

const DAY_MS = 86_400_000;
const UTC8_MS = 8 * 3_600_000;

/** The UTC+8 calendar date (YYYY-MM-DD) of a moment. */
export const storageDate = (at: Date | string): string => new Date(new Date(at).getTime() + UTC8_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD date `n` days later (earlier when negative). */
export const storageAddDays = (date: string, n: number): string =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from date `a` to date `b` (YYYY-MM-DD), negative when `b` is earlier. */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The daily fee (SGD cents) of a parcel of `volumeCbm` (null: not measured, the smallest band). */
export function storageDailyFee(volumeCbm: number | null, policy: StoragePolicy = defaultStoragePolicy): number {
  if (!policy.bands.length) return 0;
  if (volumeCbm === null) return policy.bands[0].daily_fee.amount_minor;
  const band = policy.bands.find((b) => b.max_cbm === null || volumeCbm <= b.max_cbm) ?? policy.bands[policy.bands.length - 1];
  return band.daily_fee.amount_minor;
}

export interface StorageResult {
  /** Last free day, YYYY-MM-DD (UTC+8). */
  free_until: string;
  /** Days stored so far, the scan-in day being day 1. */
  days_stored: number;
  /** Days after the free period up to and including today. */
  chargeable_days: number;
  daily_fee_minor: number;
  /** SGD cents so far. */
  fee_minor: number;
  /** First day staff may dispose of the parcel (after the owner was told), YYYY-MM-DD. */
  disposable_from: string;
  /** The day the "free storage ends soon" reminder goes. */
  free_reminder_on: string;
  /** The day the "will be disposed of" notice goes. */
  disposal_reminder_on: string;
}

/**
 * A parcel's storage: scanned in at `receivedAt`, as of `today` (a moment or a YYYY-MM-DD UTC+8 date),
 * measured at `volumeCbm` (null: not measured).
 */
export function storageFor(
  receivedAt: Date | string,
  today: Date | string,
  volumeCbm: number | null,
  policy: StoragePolicy = defaultStoragePolicy,
): StorageResult {
  const first = storageDate(receivedAt);
  const day = typeof today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(today) ? today : storageDate(today);
  const freeDays = Math.max(0, Math.trunc(policy.free_days));
  const free_until = storageAddDays(first, freeDays - 1);
  const days_stored = Math.max(0, daysBetween(first, day) + 1);
  const chargeable_days = Math.max(0, days_stored - freeDays);
  const daily_fee_minor = storageDailyFee(volumeCbm, policy);
  const disposable_from = storageAddDays(first, Math.max(freeDays, Math.trunc(policy.dispose_after_days)));
  const before = Math.max(0, Math.trunc(policy.reminder_days_before));
  return {
    free_until,
    days_stored,
    chargeable_days,
    daily_fee_minor,
    fee_minor: chargeable_days * daily_fee_minor,
    disposable_from,
    free_reminder_on: storageAddDays(free_until, -before),
    disposal_reminder_on: storageAddDays(disposable_from, -before),
  };
}

/** The bill line of a pack's storage fees. */
export const storageLineText = {
  label: { en: 'Warehouse storage', zh_CN: '仓储费' },
  detail: (parcels: number, days: number) => ({
    en: `${parcels} parcel(s) stored past the free period, ${days} chargeable day(s) in all`,
    zh_CN: `${parcels} 个包裹超出免费仓储期，共计 ${days} 个计费日`,
  }),
};
