import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('one date format per language', () => {
  const at = '2026-11-23T06:05:00Z'; // 14:05 in Singapore
  it('writes English with a short month and a 24-hour clock', () => {
    expect(formatDateTime(at, 'en')).toBe('23 Nov 2026, 14:05');
    expect(formatDate(at, 'en')).toBe('23 Nov 2026');
  });
  it('writes Chinese with 年月日 and no am/pm', () => {
    expect(formatDateTime(at, 'zh_CN')).toBe('2026年11月23日 14:05');
    expect(formatDateTime('2026-11-23T13:00:00Z', 'zh_CN')).not.toMatch(/下午|上午|pm|am/i);
    expect(formatDate(at, 'zh_CN')).toBe('2026年11月23日');
  });
  it('shows a dash for nothing', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
  });
});
