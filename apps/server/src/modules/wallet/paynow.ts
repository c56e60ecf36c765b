import QRCode from 'qrcode';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), as EMVCo QR requires. */
export function crc16ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** One EMVCo ID-length-value field; the length counts characters and is two digits. */
export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${id} longer than 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export function parseTlv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > text.length) throw new Error(`bad EMV field at ${i}`);
    out.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/** Letters, digits and a few marks survive every banking app; names are cut to the EMV limit. */
const clean = (s: string, max: number) => s.replace(/[^A-Za-z0-9 .\-&]/g, '').slice(0, max) || 'NA';

export interface PaynowInput {
  uen: string;
  merchantName: string;
  amountMinor: number;
  reference: string;
  editable?: boolean;
  /** YYYYMMDD the code stops being accepted. */
  expiry?: string;
}

/**
 * The SGQR / EMVCo merchant-presented payload for PayNow to a UEN: 26 holds the PayNow template
 * (SG.PAYNOW, proxy type 2 = UEN, the UEN, whether the amount is editable, the expiry), then the fixed
 * MCC, currency 702 (SGD), the amount, the country, name, city, the bill reference in 62.01 and the
 * CRC of everything up to and including "6304".
 */
export function buildPaynowPayload(p: PaynowInput): string {
  const amount = `${Math.floor(p.amountMinor / 100)}.${String(p.amountMinor % 100).padStart(2, '0')}`;
  const merchant = [
    tlv('00', 'SG.PAYNOW'),
    tlv('01', '2'),
    tlv('02', p.uen),
    tlv('03', p.editable ? '1' : '0'),
    p.expiry ? tlv('04', p.expiry) : '',
  ].join('');
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', merchant),
    tlv('52', '0000'),
    tlv('53', '702'),
    tlv('54', amount),
    tlv('58', 'SG'),
    tlv('59', clean(p.merchantName, 25)),
    tlv('60', 'Singapore'),
    tlv('62', tlv('01', clean(p.reference, 25))),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16ccitt(withCrcTag).toString(16).toUpperCase().padStart(4, '0');
}

export function verifyPayloadCrc(payload: string): boolean {
  const given = payload.slice(-4);
  return crc16ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0') === given;
}

export async function paynowQrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
