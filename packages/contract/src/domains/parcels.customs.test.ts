import { describe, expect, it } from 'vitest';
import {
  customsCategories,
  customsCategoryInfo,
  customsLineValues,
  customsMissing,
  customsMissingCount,
  defaultCustomsDescription,
  isCustomsComplete,
} from './parcels.customs.ts';

describe('customs lines', () => {
  it('every category has an HS hint and both labels', () => {
    for (const c of customsCategories) {
      expect(customsCategoryInfo[c].hs).not.toBe('');
      expect(customsCategoryInfo[c].en).not.toBe('');
      expect(customsCategoryInfo[c].zh_CN).not.toBe('');
    }
  });

  it('defaults the description from an ASCII goods name only', () => {
    expect(defaultCustomsDescription('  Cotton   T-shirt ')).toBe('Cotton T-shirt');
    expect(defaultCustomsDescription('连衣裙')).toBe('');
    expect(defaultCustomsDescription('iPhone 手机壳')).toBe('');
    expect(defaultCustomsDescription('x'.repeat(150))).toHaveLength(100);
  });

  it('a line is complete with an English description and a listed category', () => {
    expect(isCustomsComplete({ customs_description: 'Cotton T-shirt', customs_category: 'clothing' })).toBe(true);
    expect(customsMissing({ customs_description: '', customs_category: 'clothing' })).toEqual(['customs_description']);
    expect(customsMissing({ customs_description: '   ', customs_category: '' })).toEqual(['customs_description', 'customs_category']);
    expect(customsMissing({ customs_description: '连衣裙', customs_category: 'clothing' })).toEqual(['customs_description']);
    expect(customsMissing({ customs_description: 'Dress', customs_category: 'weapons' })).toEqual(['customs_category']);
    expect(
      customsMissingCount([
        { customs_description: 'Dress', customs_category: 'clothing' },
        { customs_description: '', customs_category: 'clothing' },
        { customs_description: 'Lamp', customs_category: '' },
      ]),
    ).toBe(2);
  });

  it('the unit value is the declared value over the quantity, half up', () => {
    expect(customsLineValues({ quantity: 2, goods_value_minor: 12050 })).toEqual({
      quantity: 2,
      unit_value_minor: 6025,
      total_value_minor: 12050,
    });
    expect(customsLineValues({ quantity: 3, goods_value_minor: 100 })).toMatchObject({ unit_value_minor: 33 });
    expect(customsLineValues({ quantity: 2, goods_value_minor: 101 })).toMatchObject({ unit_value_minor: 51 });
    expect(customsLineValues({ quantity: 0, goods_value_minor: 500 })).toMatchObject({ quantity: 1, unit_value_minor: 500 });
  });
});
