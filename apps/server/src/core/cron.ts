/**
 * Five-field cron (minute hour day-of-month month day-of-week) read in Asia/Singapore time. Singapore has
 * kept UTC+8 without daylight saving since 1982, so a fixed offset is exact and needs no time-zone data.
 */
const SGT_OFFSET_MS = 8 * 3_600_000;
const MINUTE = 60_000;

interface Field {
  values: Set<number>;
  any: boolean;
}
export interface Cron {
  text: string;
  minute: Field;
  hour: Field;
  dom: Field;
  month: Field;
  dow: Field;
}

function parseField(text: string, min: number, max: number, what: string): Field {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|\d+)(?:-(\d+))?(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`cron: bad ${what} "${text}"`);
    const step = m[3] ? Number(m[3]) : 1;
    const from = m[1] === '*' ? min : Number(m[1]);
    const to = m[1] === '*' ? max : m[2] !== undefined ? Number(m[2]) : m[3] ? max : from;
    if (step < 1 || from < min || to > max || from > to) throw new Error(`cron: ${what} "${text}" is out of range ${min}-${max}`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any: text === '*' };
}

export function parseCron(text: string): Cron {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron: "${text}" needs 5 fields (minute hour day-of-month month day-of-week)`);
  const dow = parseField(parts[4], 0, 7, 'day of week');
  // 7 is Sunday too.
  if (dow.values.delete(7)) dow.values.add(0);
  return {
    text,
    minute: parseField(parts[0], 0, 59, 'minute'),
    hour: parseField(parts[1], 0, 23, 'hour'),
    dom: parseField(parts[2], 1, 31, 'day of month'),
    month: parseField(parts[3], 1, 12, 'month'),
    dow,
  };
}

/** Does the minute starting at `t` match, in Singapore time? */
export function cronMatches(c: Cron, t: Date): boolean {
  const s = new Date(t.getTime() + SGT_OFFSET_MS);
  if (!c.minute.values.has(s.getUTCMinutes()) || !c.hour.values.has(s.getUTCHours()) || !c.month.values.has(s.getUTCMonth() + 1))
    return false;
  const domOk = c.dom.values.has(s.getUTCDate());
  const dowOk = c.dow.values.has(s.getUTCDay());
  // Classic cron: when both day fields are restricted, either one matching is enough.
  if (!c.dom.any && !c.dow.any) return domOk || dowOk;
  return domOk && dowOk;
}

export const floorMinute = (t: Date) => new Date(Math.floor(t.getTime() / MINUTE) * MINUTE);

/** The first slot at or after `from` (rounded down to its minute). */
export function nextSlot(c: Cron, from: Date): Date {
  let t = floorMinute(from).getTime();
  // Bounded: a year and a bit covers every valid expression (31 February never matches and ends here).
  for (let i = 0; i < 370 * 1440; i++, t += MINUTE) {
    if (cronMatches(c, new Date(t))) return new Date(t);
  }
  throw new Error(`cron: "${c.text}" never matches`);
}

export const addMinutes = (t: Date, n: number) => new Date(t.getTime() + n * MINUTE);
