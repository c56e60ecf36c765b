import { consoleLang, type ConsoleLang } from './i18n.ts';

/**
 * Dates and times in Singapore time (where the business keeps its books), written the way the staff
 * member's chosen language writes them: "29 Nov 2026, 14:05" in English, "2026年11月29日 14:05" in 中文.
 */
const locales: Record<ConsoleLang, string> = { en: 'en-SG', zh_CN: 'zh-CN' };
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: ConsoleLang, withTime: boolean) {
  const key = `${lang}:${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locales[lang], {
      timeZone: 'Asia/Singapore',
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short', hourCycle: 'h23' } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

function toDate(v: string | Date): Date {
  // A bare calendar date ("2026-11-29") is that day, not midnight UTC (which is 08:00 in Singapore anyway).
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00+08:00`);
  return v instanceof Date ? v : new Date(v);
}

export function formatDateTime(v: string | Date | null | undefined, lang: ConsoleLang = consoleLang()): string {
  if (!v) return '—';
  const d = toDate(v);
  if (Number.isNaN(d.getTime())) return String(v);
  return formatter(lang, true).format(d);
}

export function formatDate(v: string | Date | null | undefined, lang: ConsoleLang = consoleLang()): string {
  if (!v) return '—';
  const d = toDate(v);
  if (Number.isNaN(d.getTime())) return String(v);
  return formatter(lang, false).format(d);
}
