import { describe, expect, it } from 'vitest';
import { buildShareLink, parseLaunchParams } from './launch.ts';

describe('deep links', () => {
  it('reads group_id as "id" or "id,name", from the query or the hash query', () => {
    expect(parseLaunchParams('https://x.sg/?group_id=12,Tampines%20Hub#/pages/index/index')).toEqual({
      groupId: 12,
      groupName: 'Tampines Hub',
      referrerId: null,
    });
    expect(parseLaunchParams('https://x.sg/#/pages/index/index?group_id=5&group_name=Bedok&referrer_id=88')).toEqual({
      groupId: 5,
      groupName: 'Bedok',
      referrerId: 88,
    });
    expect(parseLaunchParams('https://x.sg/#/pages/index/index?referrer_id=abc')).toEqual({
      groupId: null,
      groupName: null,
      referrerId: null,
    });
  });

  it('share links carry the group only for an approved leader', () => {
    const base = { user_id: 9, group_id: 3, group_name: 'Punggol' };
    expect(buildShareLink('https://x.sg', { ...base, examine_status: 0 })).toBe('https://x.sg/#/pages/index/index?referrer_id=9');
    expect(parseLaunchParams(buildShareLink('https://x.sg', { ...base, examine_status: 1 }))).toEqual({
      groupId: 3,
      groupName: 'Punggol',
      referrerId: 9,
    });
  });
});
