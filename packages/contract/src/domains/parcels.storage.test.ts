import { describe, expect, it } from 'vitest';
import { defaultStoragePolicy, storageDailyFee, storageDate, storageFor, type StoragePolicy } from './parcels.storage.ts';

const policy: StoragePolicy = {
  free_days: 30,
  bands: [
    { max_cbm: 0.01, daily_fee: { amount_minor: 10, currency: 'SGD' } },
    { max_cbm: 0.05, daily_fee: { amount_minor: 20, currency: 'SGD' } },
    { max_cbm: null, daily_fee: { amount_minor: 100, currency: 'SGD' } },
  ],
  reminder_days_before: 3,
  dispose_after_days: 90,
};
// 30 Nov 2026 09:00 in Guangzhou / Singapore.
const received = '2026-11-30T01:00:00Z';

describe('storage policy', () => {
  it('days are UTC+8 calendar days', () => {
    expect(storageDate('2026-11-29T15:59:59Z')).toBe('2026-11-29');
    expect(storageDate('2026-11-29T16:00:00Z')).toBe('2026-11-30');
  });

  it('free for the first free_days days, the scan-in day being day 1', () => {
    const r = storageFor(received, '2026-12-29', 0.02, policy);
    expect(r).toMatchObject({ free_until: '2026-12-29', days_stored: 30, chargeable_days: 0, fee_minor: 0 });
    expect(storageFor(received, received, 0.02, policy).fee_minor).toBe(0);
  });

  it('charges the size band per day after the free period', () => {
    expect(storageFor(received, '2026-12-30', 0.02, policy)).toMatchObject({ chargeable_days: 1, daily_fee_minor: 20, fee_minor: 20 });
    expect(storageFor(received, '2027-01-08', 0.02, policy).fee_minor).toBe(200);
    expect(storageFor(received, '2027-01-08', 0.5, policy).fee_minor).toBe(1000);
    // The day turns at midnight UTC+8: 29 Dec 23:59 in Singapore is still free, 30 Dec 00:00 is not.
    expect(storageFor(received, new Date('2026-12-29T15:59:00Z'), 0.02, policy).fee_minor).toBe(0);
    expect(storageFor(received, new Date('2026-12-29T16:00:00Z'), 0.02, policy).fee_minor).toBe(20);
  });

  it('bands by volume, boundaries inclusive; unmeasured pays the smallest', () => {
    expect(storageDailyFee(0.01, policy)).toBe(10);
    expect(storageDailyFee(0.0101, policy)).toBe(20);
    expect(storageDailyFee(0.05, policy)).toBe(20);
    expect(storageDailyFee(3, policy)).toBe(100);
    expect(storageDailyFee(null, policy)).toBe(10);
  });

  it('disposal after dispose_after_days, reminders before each date', () => {
    const r = storageFor(received, received, 0.02, policy);
    expect(r.disposable_from).toBe('2027-02-28');
    expect(r.free_reminder_on).toBe('2026-12-26');
    expect(r.disposal_reminder_on).toBe('2027-02-25');
  });

  it('has a default policy of 30 free days and disposal after 90', () => {
    expect(defaultStoragePolicy.free_days).toBe(30);
    expect(defaultStoragePolicy.dispose_after_days).toBe(90);
  });
});
