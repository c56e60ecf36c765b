import { carrierOf } from '@pinyou/contract';

export { carriers, carrierName } from '@pinyou/contract';

/** The server records 'unknown' for a number no format matches (the table is the contract's). */
export function suggestCarrier(trackingNo: string): string {
  return carrierOf(trackingNo) ?? 'unknown';
}
