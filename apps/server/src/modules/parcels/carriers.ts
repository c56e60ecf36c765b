import { carrierOf, carriers as table } from '@pinyou/contract';

export { carriers, carrierName } from '@pinyou/contract';

/** The server records 'unknown' for a number no format matches (the table is the contract's). */
export function suggestCarrier(trackingNo: string): string {
  return carrierOf(trackingNo) ?? 'unknown';
}

/**
 * The carrier code of a courier staff named: its code or its name in either language (the console offers the
 * names), else the suggestion from the tracking number, so the parcel shows the courier and not 'unknown'.
 */
export function carrierNamed(text: string, trackingNo: string): string {
  const t = text.trim().toLowerCase();
  const named = table.find((c) => c.code.toLowerCase() === t || c.name.en.toLowerCase() === t || c.name.zh_CN === text.trim());
  return named?.code ?? suggestCarrier(trackingNo);
}
