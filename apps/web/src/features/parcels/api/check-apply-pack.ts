import { contract, type ShippingMode } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { usePrecheck } from '../../../lib/precheck.ts';

/**
 * Server-side check of a packing request before booking: default address, first packing date, totals.
 * Silent: a refusal is shown inline, and (usePrecheck) the check never runs again after the pack is made.
 */
export const checkApplyPack = (ids: number[], mode: ShippingMode) =>
  api.call(contract.parcels.checkApplyPack, { parcel_ids: ids, mode }, { loading: false, silent: true });
export const useCheckApplyPack = (ids: number[], mode: ShippingMode) =>
  usePrecheck({ key: ['parcels.checkApplyPack', ids.join(','), mode], fn: () => checkApplyPack(ids, mode), enabled: ids.length > 0 });
