export * from './parcels.rules.ts';
export * from './parcels.problems.ts';
export * from './parcels.status.ts';
// The request pieces shared by the parts stay inside the domain; only the objects clients use are public.
export {
  sizeSchema,
  parcelSchema,
  type Parcel,
  courierSchema,
  type CourierInfo,
  historyEntry,
  quoteLineSchema,
  quoteSchema,
  type Quote,
  packAddressSchema,
  packSchema,
  type Pack,
  packDetailSchema,
  groupPickupSchema,
  parcelDetailSchema,
  batchSchema,
  stageEntry,
  returnSchema,
  batchImportSchema,
  batchImportRowSchema,
  unclaimedSchema,
  rateCardSchema,
  type RateCard,
  rateCardPrices,
  type RateCardPrice,
  holidaySchema,
  doorServiceStatuses,
  doorServiceSchema,
  invoiceStatuses,
  invoiceRequestSchema,
} from './parcels.objects.ts';
import { declarationsCalls, declarationsStaffCalls } from './parcels-declarations.contract.ts';
import { pricingCalls, pricingStaffCalls } from './parcels-pricing.contract.ts';
import { packingCalls, packingStaffCalls } from './parcels-packing.contract.ts';
import { shippingCalls, shippingStaffCalls } from './parcels-shipping.contract.ts';
import { returnsCalls, returnsStaffCalls } from './parcels-returns.contract.ts';
import { warehouseCalls, warehouseStaffCalls } from './parcels-warehouse.contract.ts';
import { extrasCalls, extrasStaffCalls } from './parcels-extras.contract.ts';
import { insuranceCalls, insuranceStaffCalls } from './parcels-insurance.contract.ts';
export { packClaimSchema, type PackClaim } from './parcels-insurance.contract.ts';
import { problemsCalls, problemsStaffCalls } from './parcels-problems.contract.ts';

/** Customer calls of parcels, by part of the flow (one file per part: parcels-<part>.contract.ts). */
export const parcelsContract = {
  ...declarationsCalls,
  ...pricingCalls,
  ...packingCalls,
  ...shippingCalls,
  ...returnsCalls,
  ...warehouseCalls,
  ...extrasCalls,
  ...insuranceCalls,
  ...problemsCalls,
} as const;

/** Staff (console) calls of parcels. */
export const parcelsAdminContract = {
  ...declarationsStaffCalls,
  ...pricingStaffCalls,
  ...packingStaffCalls,
  ...shippingStaffCalls,
  ...returnsStaffCalls,
  ...warehouseStaffCalls,
  ...extrasStaffCalls,
  ...insuranceStaffCalls,
  ...problemsStaffCalls,
} as const;
