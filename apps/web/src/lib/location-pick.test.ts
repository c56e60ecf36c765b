import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocationPick, mapAppLinks, peekLocationPick, returnLocation, saveLocationDraft } from './location-pick.ts';

describe('choose-location hand-back', () => {
  beforeEach(() => sessionStorage.clear());

  it("merges the chosen point into the opener's draft; only the opener named gets it", () => {
    saveLocationDraft('apply-leader', { leader_name: 'Lim', address: 'old', postcode: '111111' });
    returnLocation('apply-leader', { lat: 1.35, lng: 103.94, postcode: '520201', address: 'Blk 201 Tampines St 21' });
    const got = peekLocationPick<{ leader_name: string; address: string; postcode: string }>('apply-leader');
    expect(got?.values).toEqual({ leader_name: 'Lim', address: 'Blk 201 Tampines St 21', postcode: '520201', lat: 1.35, lng: 103.94 });
    expect(peekLocationPick('add-group')).toBeNull();
    clearLocationPick('apply-leader');
    expect(peekLocationPick('apply-leader')).toBeNull();
  });

  it('a point tapped on the map (no postcode, no address) keeps what the draft had', () => {
    saveLocationDraft('add-group', { address: 'Blk 1', postcode: '820001' });
    returnLocation('add-group', { lat: 1.4, lng: 103.9, postcode: '', address: '' });
    expect(peekLocationPick('add-group')?.values).toEqual({ address: 'Blk 1', postcode: '820001', lat: 1.4, lng: 103.9 });
  });

  it('map app links carry the point and the name', () => {
    const l = mapAppLinks({ lat: 1.3521, lng: 103.8198, name: 'Lim & Co' });
    expect(l.geo).toBe('geo:1.352100,103.819800?q=1.352100,103.819800(Lim%20%26%20Co)');
    expect(l.google).toBe('https://www.google.com/maps/search/?api=1&query=1.352100%2C103.819800');
  });
});
