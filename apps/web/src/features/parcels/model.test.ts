import { describe, expect, it } from 'vitest';
import { ruleOf, batchCsv, goodsNameProblem, goodsValueProblem, splitTrackingNumbers, suggestCarrier } from './model.ts';

describe('parcels model', () => {
  it('checks goods names (spec §5: no digits or symbols)', () => {
    expect(goodsNameProblem('')).toBe('parcels.rule.goodsNameRequired');
    expect(goodsNameProblem('Shoes 42')).toBe('parcels.rule.goodsName');
    expect(goodsNameProblem('T-shirt')).toBe('parcels.rule.goodsName');
    expect(goodsNameProblem('运动鞋')).toBeNull();
    expect(goodsNameProblem('Running shoes')).toBeNull();
  });

  it('checks goods values: required, 2 decimals, at least ¥1 or what staff asked', () => {
    expect(goodsValueProblem(' ')).toBe('parcels.rule.goodsCost');
    expect(goodsValueProblem('1.234')).toBe('parcels.rule.amount');
    expect(goodsValueProblem('0.99')).toBe('parcels.rule.goodsValue');
    expect(goodsValueProblem('1')).toBeNull();
    expect(goodsValueProblem('59.99', 6000)).toBe('parcels.rule.goodsValue');
    expect(goodsValueProblem('60', 6000)).toBeNull();
  });

  it('suggests a carrier from the number format, never refusing an unknown one', () => {
    expect(suggestCarrier('sf1234567890123')).toBe('SF');
    expect(suggestCarrier('YT1234567890123')).toBe('YTO');
    expect(suggestCarrier('XYZ-1')).toBeNull();
    expect(suggestCarrier('')).toBeNull();
  });

  it('turns several tracking numbers into template csv rows', () => {
    expect(splitTrackingNumbers('sf1\nYT2, yt2 ；JT3')).toEqual(['SF1', 'YT2', 'JT3']);
    const csv = batchCsv([
      {
        tracking_no: 'SF1',
        goods_name: 'Tea, green',
        goods_value: '10',
        quantity: '1',
        category: 'normal',
        mode: 'SEA',
        remark: 'say "hi"',
      },
    ]);
    expect(csv).toBe(
      'tracking_no,goods_name,goods_value,quantity,category,mode,remark\r\nSF1,"Tea, green",10,1,normal,SEA,"say ""hi"""\r\n',
    );
  });

  it('turns a check into a form rule that fails with the translated key', async () => {
    const rule = ruleOf(goodsNameProblem, (k) => `T:${k}`);
    await expect(rule.validator(null, 'Shoes 42')).rejects.toThrow(`T:${goodsNameProblem('Shoes 42')}`);
    await expect(rule.validator(null, 'Running shoes')).resolves.toBeUndefined();
  });
});
