import { currentLanguage } from './i18n.ts';

/**
 * The one date format per language, in Singapore time (where the customer is), 24-hour clock — so
 * never "pm" in Chinese and never a browser-locale mix: en "23 Nov 2026, 14:05", zh "2026年11月23日 14:05".
 */
const fmt = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, withTime: boolean) {
  const key = `${lang}/${withTime}`;
  let f = fmt.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'zh_CN' ? 'zh-CN' : 'en-GB', {
      timeZone: 'Asia/Singapore',
      year: 'numeric',
      month: lang === 'zh_CN' ? 'numeric' : 'short',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    fmt.set(key, f);
  }
  return f;
}

const parse = (v: string | Date | null | undefined) => {
  if (!v) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

function render(d: Date, lang: string, withTime: boolean) {
  const f = formatter(lang, withTime);
  if (lang !== 'zh_CN') return f.format(d);
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}年${p.month}月${p.day}日${withTime ? ` ${p.hour}:${p.minute}` : ''}`;
}

export function formatDateTime(v: string | Date | null | undefined, lang: string = currentLanguage()): string {
  const d = parse(v);
  return d ? render(d, lang, true) : typeof v === 'string' && v ? v : '—';
}

export function formatDate(v: string | Date | null | undefined, lang: string = currentLanguage()): string {
  const d = parse(v);
  return d ? render(d, lang, false) : typeof v === 'string' && v ? v : '—';
}
