import type { PackPattern } from '@pinyou/contract';

/**
 * Packing dates of a group's pattern (§9), as 'YYYY-MM-DD' calendar dates in Asia/Singapore.
 * Pure: the caller gives the first allowed date (tomorrow in Singapore) and the warehouse holidays.
 *
 * - once: the start date itself;
 * - weekly / biweekly / triweekly: the weekday on or after the start date, then every 1 / 2 / 3 weeks;
 * - monthly: the weekday's n-th occurrence in each month, n taken from the first date (a 5th becomes the last).
 * A date falling on a holiday moves to the next working day (never onto or past the next regular date);
 * nothing before `earliest` is returned.
 */
export interface PackDateInput {
  pattern: PackPattern;
  /** 1 = Monday … 7 = Sunday (ignored for once). */
  weekday: number | null;
  startDate: string;
  earliest: string;
  holidays: ReadonlySet<string>;
  count: number;
}

const DAY = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (d: string, n: number) => toDate(toMs(d) + n * DAY);
/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (d: string) => ((new Date(toMs(d)).getUTCDay() + 6) % 7) + 1;

export const singaporeToday = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
/** Packing needs a day's notice: the first date a leader may choose. */
export const firstAllowedDate = (now: Date) => addDays(singaporeToday(now), 1);

function onOrAfterWeekday(d: string, weekday: number) {
  return addDays(d, (weekday - isoWeekday(d) + 7) % 7);
}

/** The n-th (1-4, or 5 = last) given weekday of the month of `ym` ('YYYY-MM'). */
function nthWeekdayOfMonth(ym: string, weekday: number, n: number) {
  const first = onOrAfterWeekday(`${ym}-01`, weekday);
  let d = addDays(first, 7 * (Math.min(n, 5) - 1));
  if (d.slice(0, 7) !== ym) d = addDays(d, -7);
  return d;
}

function nextMonth(ym: string) {
  const [y, m] = ym.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The regular (unshifted) dates of the pattern, in order, from the start date on. */
function* regularDates(i: PackDateInput): Generator<string> {
  if (i.pattern === 'once') {
    yield i.startDate;
    return;
  }
  const weekday = i.weekday ?? isoWeekday(i.startDate);
  if (i.pattern === 'monthly') {
    const first = onOrAfterWeekday(i.startDate, weekday);
    const n = Math.ceil(Number(first.slice(8, 10)) / 7);
    let ym = first.slice(0, 7);
    for (let k = 0; k < 600; k++, ym = nextMonth(ym)) yield nthWeekdayOfMonth(ym, weekday, n);
    return;
  }
  const step = { weekly: 7, biweekly: 14, triweekly: 21 }[i.pattern];
  let d = onOrAfterWeekday(i.startDate, weekday);
  for (let k = 0; k < 2000; k++, d = addDays(d, step)) yield d;
}

export function packDates(i: PackDateInput): string[] {
  const out: string[] = [];
  const regular = regularDates(i);
  let cur = regular.next();
  while (!cur.done && out.length < i.count) {
    const next = regular.next();
    let d = cur.value;
    while (i.holidays.has(d)) d = addDays(d, 1);
    const limit = next.done ? null : next.value;
    // A holiday week whose shift would reach the next regular date is skipped rather than doubled up.
    if (d >= i.earliest && (limit === null || d < limit) && d >= cur.value && !(out.length && out[out.length - 1] === d)) out.push(d);
    cur = next;
  }
  return out;
}
