import { describe, expect, it } from 'vitest';
import { defaultStoragePolicy } from '@pinyou/contract';
import { storageFormOf, storagePolicyOf } from './storage-policy-fields.tsx';

describe('the storage policy in the settings form', () => {
  it('shows fees in S$ a day and saves them as Money, unchanged both ways', () => {
    const form = storageFormOf(defaultStoragePolicy);
    expect(form.bands[0]).toEqual({ max_cbm: 0.01, fee_sgd: 0.1 });
    expect(storagePolicyOf(form)).toEqual(defaultStoragePolicy);
    const changed = storagePolicyOf({ ...form, free_days: 45, bands: [{ max_cbm: null, fee_sgd: 1.15 }] });
    expect(changed).toMatchObject({ free_days: 45, bands: [{ max_cbm: null, daily_fee: { amount_minor: 115, currency: 'SGD' } }] });
  });
});
