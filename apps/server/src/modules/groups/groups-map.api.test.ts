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
