/**
 * The China courier suggested from a tracking number's format: one table for the web's hint while
 * typing and the server's record on declaration and scan. Formats overlap and change, so the result is
 * only a suggestion: an unknown format is accepted, never refused. The order matters: prefixed formats
 * first, then the all-digit ones from the most specific.
 */
type Text = { en: string; zh_CN: string };

export const carriers: ReadonlyArray<{ code: string; name: Text; pattern: RegExp }> = [
  { code: 'SF', name: { en: 'SF Express', zh_CN: '顺丰速运' }, pattern: /^SF\d{12,15}$/ },
  { code: 'JD', name: { en: 'JD Logistics', zh_CN: '京东物流' }, pattern: /^JD[A-Z0-9]{11,18}$/ },
  { code: 'JT', name: { en: 'J&T Express', zh_CN: '极兔速递' }, pattern: /^JT\d{13}$/ },
  { code: 'YTO', name: { en: 'YTO Express', zh_CN: '圆通速递' }, pattern: /^YT\d{13,16}$/ },
  { code: 'EMS', name: { en: 'China Post EMS', zh_CN: '中国邮政EMS' }, pattern: /^([A-Z]{2}\d{9}CN|(10|11|50|51|95|97|98)\d{11})$/ },
  { code: 'STO', name: { en: 'STO Express', zh_CN: '申通快递' }, pattern: /^(77|88|66|55)\d{11}$/ },
  { code: 'ZTO', name: { en: 'ZTO Express', zh_CN: '中通快递' }, pattern: /^(7[0-9]|6[0-9]|5[0-4])\d{10,13}$/ },
  { code: 'YUNDA', name: { en: 'Yunda Express', zh_CN: '韵达快递' }, pattern: /^(31|43|46|12|13|19|53|54)\d{11}$/ },
  { code: 'BEST', name: { en: 'Best Express', zh_CN: '百世快递' }, pattern: /^(A|B|BS)?\d{12}$/ },
];

const unknownCarrier: Text = { en: 'Unknown carrier', zh_CN: '未知快递' };

/** The carrier code for a tracking number, or null when no format matches (or the number is empty). */
export function carrierOf(trackingNo: string): string | null {
  const n = trackingNo.trim().toUpperCase();
  if (!n) return null;
  return carriers.find((c) => c.pattern.test(n))?.code ?? null;
}

export function carrierName(code: string, lang: 'en' | 'zh_CN'): string {
  return (carriers.find((c) => c.code === code)?.name ?? unknownCarrier)[lang];
}
