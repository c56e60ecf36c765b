import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadEnv } from '../../env.ts';
import { tileImageSources } from '../../app.ts';

// The leader map's tile source (env MAP_TILE_URL) reaches the app through getSystemSetting, and the
// content security policy lets the page load those tiles (and no others).
const TILES = 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { MAP_TILE_URL: TILES } });
});
afterAll(async () => {
  await t.close();
});

describe('map tiles setting', () => {
  it('getSystemSetting carries the configured tile URL next to the staff settings', async () => {
    const r = await t.call(contract.account.getSystemSetting, {});
    expect(r.code, r.msg).toBe(0);
    expect(r.data.info.map_tile_url).toBe(TILES);
    expect(r.data.info.warehouse.name).toBeTruthy();
  });

  it("the content security policy allows the tiles' origin for images", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.org(;|$)/);
  });

  it('is off by default (no CDN at run time) and a URL without {z}/{x}/{y} is refused at start', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).MAP_TILE_URL).toBe('');
    expect(() => loadEnv({ NODE_ENV: 'test', MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadEnv({ NODE_ENV: 'test', MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
    expect(tileImageSources('')).toEqual([]);
    expect(tileImageSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileImageSources('http://localhost:8099/{z}/{x}/{y}.png')).toEqual(['http://localhost:8099']);
  });
});

describe('editGroup with a point chosen on the map', () => {
  it('keeps the exact place when lat/lng are given, the postcode’s point otherwise; outside Singapore is refused', async () => {
    const { insertUser } = await import('../account/account.repository.ts');
    const { realGroup } = await import('./groups.test-kit.ts');
    const u = await insertUser(t.services.db, { userAccount: `mapleader${Date.now().toString(36)}`, nickname: 'Lim' });
    await realGroup(t, u.id);
    const { token } = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
    const form = {
      leader_name: 'Lim1',
      phone: '91234567',
      address: 'Blk 201 Tampines St 21',
      floor: '8',
      unit: '12',
      postcode: '520201',
      remark: '',
    };
    const exact = await t.call(contract.groups.editGroup, { ...form, lat: 1.35412, lng: 103.94321 }, { token });
    expect(exact.code, exact.msg).toBe(0);
    expect(exact.data).toMatchObject({ lat: 1.35412, lng: 103.94321, postcode: '520201', address: 'Blk 201 Tampines St 21' });
    const bySector = await t.call(contract.groups.editGroup, form, { token });
    expect(bySector.data).toMatchObject({ lat: 1.352, lng: 103.944 }); // Tampines' postal sector
    const abroad = await t.call(contract.groups.editGroup, { ...form, lat: 31.23, lng: 121.47 }, { token });
    expect(abroad.code).not.toBe(0);
    expect(abroad.msg).toBeTruthy();
  });
});
