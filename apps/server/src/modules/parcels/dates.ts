/** Calendar dates as 'YYYY-MM-DD' text: packing happens on China dates, delivery on Singapore dates. */
const fmt = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
const cn = fmt('Asia/Shanghai');
const sg = fmt('Asia/Singapore');

export const chinaDate = (d: Date) => cn.format(d);
export const singaporeDate = (d: Date) => sg.format(d);

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const isValidDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
};

/** yyMMdd of a China date, for pack and batch numbers. */
export const compactDate = (d: Date) => chinaDate(d).slice(2).replace(/-/g, '');

/** Packing needs a day's notice: the first bookable date is tomorrow in China. */
export const firstPackDate = (now: Date) => addDays(chinaDate(now), 1);
export const PACK_DATE_WINDOW_DAYS = 14;
export const DISPATCH_WINDOW_DAYS = 7;
