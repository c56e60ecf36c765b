import { describe, expect, it } from 'vitest';
import { missedAddress } from './router.tsx';

describe('missedAddress: a link opened while the router starts', () => {
  it('is null when the router shows what the address bar says', () => {
    expect(missedAddress({ pathname: '/pages/index/index', search: '' }, '#/pages/index/index')).toBeNull();
    expect(missedAddress({ pathname: '/pages/order/package-detail', search: '?id=7' }, '#/pages/order/package-detail?id=7')).toBeNull();
    expect(missedAddress({ pathname: '/', search: '' }, '')).toBeNull();
    expect(missedAddress({ pathname: '/', search: '' }, '#')).toBeNull();
  });

  it('is the address bar when it moved on (another screen, or the same screen with other parameters)', () => {
    expect(missedAddress({ pathname: '/pages/index/index', search: '' }, '#/pages/order/package-detail?id=7')).toBe(
      '/pages/order/package-detail?id=7',
    );
    expect(missedAddress({ pathname: '/pages/order/package-detail', search: '?id=7' }, '#/pages/order/package-detail?id=8')).toBe(
      '/pages/order/package-detail?id=8',
    );
    expect(missedAddress({ pathname: '/pages/index/index', search: '' }, '')).toBe('/');
  });
});
