import { describe, expect, it } from 'vitest';
import { firstAllowedDate, isoWeekday, packDates, type PackDateInput } from './pack-dates.ts';

const none = new Set<string>();
const base = { weekday: null, earliest: '2026-01-01', holidays: none, count: 4 } as const;

// 2026-01-05 is a Monday; 2026-02-16/17 are Chinese New Year holidays in the table below.
const table: Array<[string, Partial<PackDateInput> & Pick<PackDateInput, 'pattern' | 'startDate'>, string[]]> = [
  ['once is the start date', { pattern: 'once', startDate: '2026-01-07' }, ['2026-01-07']],
  ['once before the allowed date gives nothing', { pattern: 'once', startDate: '2026-01-07', earliest: '2026-01-08' }, []],
  [
    'once on a holiday moves to the next working day',
    { pattern: 'once', startDate: '2026-02-16', holidays: new Set(['2026-02-16', '2026-02-17']) },
    ['2026-02-18'],
  ],
  [
    'weekly on Wednesday from a Monday',
    { pattern: 'weekly', weekday: 3, startDate: '2026-01-05' },
    ['2026-01-07', '2026-01-14', '2026-01-21', '2026-01-28'],
  ],
  [
    'weekly on the start weekday',
    { pattern: 'weekly', weekday: 1, startDate: '2026-01-05' },
    ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26'],
  ],
  [
    'every 2 weeks on Saturday',
    { pattern: 'biweekly', weekday: 6, startDate: '2026-01-05' },
    ['2026-01-10', '2026-01-24', '2026-02-07', '2026-02-21'],
  ],
  [
    'every 3 weeks on Sunday',
    { pattern: 'triweekly', weekday: 7, startDate: '2026-01-05' },
    ['2026-01-11', '2026-02-01', '2026-02-22', '2026-03-15'],
  ],
  [
    'monthly on the 2nd Tuesday',
    { pattern: 'monthly', weekday: 2, startDate: '2026-01-13' },
    ['2026-01-13', '2026-02-10', '2026-03-10', '2026-04-14'],
  ],
  [
    'monthly 5th Thursday becomes the last Thursday',
    { pattern: 'monthly', weekday: 4, startDate: '2026-01-29' },
    ['2026-01-29', '2026-02-26', '2026-03-26', '2026-04-30'],
  ],
  [
    'weekly skips dates before the allowed one',
    { pattern: 'weekly', weekday: 1, startDate: '2026-01-05', earliest: '2026-01-13' },
    ['2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09'],
  ],
  [
    'weekly Monday holiday moves to Wednesday (holidays Mon+Tue)',
    { pattern: 'weekly', weekday: 1, startDate: '2026-02-09', holidays: new Set(['2026-02-16', '2026-02-17']) },
    ['2026-02-09', '2026-02-18', '2026-02-23', '2026-03-02'],
  ],
  [
    'a whole holiday week is skipped, never doubled up',
    {
      pattern: 'weekly',
      weekday: 1,
      startDate: '2026-02-09',
      holidays: new Set(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-21', '2026-02-22', '2026-02-23']),
    },
    ['2026-02-09', '2026-02-24', '2026-03-02', '2026-03-09'],
  ],
];

describe('packing-date calculator', () => {
  it.each(table)('%s', (_name, input, expected) => {
    expect(packDates({ ...base, ...input } as PackDateInput)).toEqual(expected);
  });

  it('every result is on or after the allowed date and never a holiday', () => {
    const holidays = new Set(['2026-03-02', '2026-03-16']);
    for (const pattern of ['weekly', 'biweekly', 'triweekly', 'monthly'] as const)
      for (let weekday = 1; weekday <= 7; weekday++) {
        const dates = packDates({ pattern, weekday, startDate: '2026-01-01', earliest: '2026-02-01', holidays, count: 10 });
        expect(dates.length).toBe(10);
        for (const d of dates) {
          expect(d >= '2026-02-01').toBe(true);
          expect(holidays.has(d)).toBe(false);
        }
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
      }
  });

  it('the allowed date is tomorrow in Singapore (UTC+8), not in UTC', () => {
    // 2026-01-05 17:00 UTC is already 2026-01-06 01:00 in Singapore.
    expect(firstAllowedDate(new Date('2026-01-05T17:00:00Z'))).toBe('2026-01-07');
    expect(firstAllowedDate(new Date('2026-01-05T15:59:00Z'))).toBe('2026-01-06');
    expect(isoWeekday('2026-01-05')).toBe(1);
  });
});
