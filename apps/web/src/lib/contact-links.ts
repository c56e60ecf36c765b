/**
 * Phone numbers as links people can tap: tel: to call, wa.me to chat on WhatsApp. Numbers are stored as
 * people typed them ("+65 8123 4567", "81234567", "13800138000"): an 8-digit number is Singapore's (+65), an
 * 11-digit number starting with 1 is a China mobile (+86), a number written with "+" keeps its own code.
 */
export function internationalDigits(number: string): string | null {
  const raw = String(number ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  if (!digits) return null;
  if (raw.startsWith('+')) return digits.length >= 8 ? digits : null;
  if (digits.startsWith('00') && digits.length > 10) return digits.slice(2);
  if (/^[3689]\d{7}$/.test(digits)) return `65${digits}`;
  if (/^1[3-9]\d{9}$/.test(digits)) return `86${digits}`;
  if (/^65[3689]\d{7}$/.test(digits)) return digits;
  return null;
}

/** tel:+6581234567, or null when the text is not a number that can be called. */
export function telHref(number: string): string | null {
  const d = internationalDigits(number);
  return d ? `tel:+${d}` : null;
}

/** https://wa.me/6581234567 (WhatsApp wants the number with its country code, digits only), or null. */
export function whatsappHref(number: string): string | null {
  const d = internationalDigits(number);
  return d ? `https://wa.me/${d}` : null;
}

export function mailtoHref(address: string): string | null {
  const a = String(address ?? '').trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(a) ? `mailto:${a}` : null;
}
