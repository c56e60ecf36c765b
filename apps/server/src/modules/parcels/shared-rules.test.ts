// The web and the server apply the same rules because both import them from here; this feeds each
// side's own entry point the same cases, so a rule retyped on one side shows up as a failure.
import { describe, expect, it } from 'vitest';
import { goodsNameProblem, goodsValueProblem, suggestCarrier as webCarrierHint } from '../../../../web/src/features/parcels/model.ts';
import { suggestCarrier as serverCarrier } from './carriers.ts';
import { ReturnsService } from './returns.service.ts';
import { returnSearchFee, zGoodsName, zGoodsValue } from '@pinyou/contract';

const trackingNumbers = [
  '701234567890', // the drift this test was written for: web said BEST, server ZTO
  'SF1234567890123',
  'sf1234567890123',
  'JDVA12345678901',
  'JT1234567890123',
  'YT1234567890123',
  'EA123456789CN',
  '1012345678901',
  '7731234567890',
  '73123456789012',
  '731234567890123',
  '3112345678901',
  'A123456789012',
  '123456789012',
  'HELLO-1',
  '',
];

describe('shared rules: web and server agree', () => {
  it.each(trackingNumbers)('carrier of %j', (n) => {
    const server = serverCarrier(n);
    expect(webCarrierHint(n) ?? 'unknown').toBe(server);
  });

  it('suggests ZTO for 701234567890 on both sides', () => {
    expect(webCarrierHint('701234567890')).toBe('ZTO');
    expect(serverCarrier('701234567890')).toBe('ZTO');
  });

  it.each([
    [1, false, 3_000],
    [2, false, 4_000],
    [5, false, 7_000],
    [1, true, 0],
    [4, true, 0],
  ])('return search fee for %i pieces, leader %s', (pieces, leader, fen) => {
    expect(ReturnsService.returnFee(pieces, leader)).toBe(fen);
    expect(returnSearchFee(pieces, leader)).toBe(fen);
  });

  it.each(['运动鞋', 'Running shoes', '', '  ', 'Shoes 42', 'T-shirt', '茶叶!', 'x'.repeat(20)])('goods name %j', (name) => {
    const server = zGoodsName.safeParse(name);
    const web = goodsNameProblem(name);
    expect(web === null).toBe(server.success);
    if (!server.success) expect(web).toBe(`parcels.${server.error.issues[0].message}`);
  });

  it.each(['1', '0.99', '1.00', '12.345', 'abc', '', '250.5', '100000'])('goods value %j', (v) => {
    const server = zGoodsValue.safeParse(v);
    const web = goodsValueProblem(v);
    expect(web === null).toBe(server.success);
    if (!server.success) expect(web).toBe(`parcels.${server.error.issues[0].message}`);
  });
});
