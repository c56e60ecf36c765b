import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { afterWrite, keysOf, precheckAfter, writes } from './writes.ts';

describe('what each write makes stale', () => {
  it('an address write refreshes the addresses and asks the packing check again', () => {
    expect(keysOf('setDefaultAddress')).toEqual([['addresses']]);
    expect(precheckAfter('saveAddress', 'parcels.checkApplyPack')).toBe('refresh');
    expect(precheckAfter('joinGroup', 'parcels.checkApplyPack')).toBe('refresh');
  });

  it('the write the check was for freezes it, as do writes of other data', () => {
    expect(precheckAfter('applyPack', 'parcels.checkApplyPack')).toBe('freeze');
    expect(precheckAfter('markRead', 'parcels.checkApplyPack')).toBe('freeze');
    expect(precheckAfter(undefined, 'parcels.checkApplyPack')).toBe('freeze');
  });

  it('a payment refreshes the wallet, the bills and what they were for', () => {
    const roots = keysOf('payBills').map((k) => k[0]);
    for (const r of ['wallet', 'bills', 'payment', 'parcels', 'mall']) expect(roots).toContain(r);
    for (const w of Object.keys(writes) as Array<keyof typeof writes>) expect(Array.isArray(keysOf(w))).toBe(true);
  });

  it('marks cached reads stale and drops a hidden packing check that would never ask again', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['addresses'], { list: [] });
    qc.setQueryData(['precheck', 'parcels.checkApplyPack', '1,2', 'SEA'], { has_default_address: false });
    qc.setQueryData(['wallet', 'page'], { balance: 0 });
    await afterWrite(qc, 'setDefaultAddress');
    expect(qc.getQueryState(['addresses'])?.isInvalidated).toBe(true);
    expect(qc.getQueryData(['precheck', 'parcels.checkApplyPack', '1,2', 'SEA'])).toBeUndefined();
    expect(qc.getQueryState(['wallet', 'page'])?.isInvalidated).toBe(false);
  });
});
