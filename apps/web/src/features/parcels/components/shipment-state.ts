import { parcelCategoryText, shipmentText, type Language, type ParcelStatus, type ShipmentFacts } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';

/** The contract's one status vocabulary (parcels.status.ts) in the language in use. */
export function useShipmentText() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (facts: ShipmentFacts) => shipmentText(facts, lang);
}

/** A parcel list category's name (the contract's words: "ship" is "Paid", never "Shipping"). */
export function useCategoryText() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (status: ParcelStatus) => parcelCategoryText[status][lang];
}
