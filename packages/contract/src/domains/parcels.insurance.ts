/**
 * Optional insurance of a pack against loss or damage: a premium at a rate of the declared goods value,
 * with a minimum premium and a maximum cover. One rule for the packing screen, the bill and the claim.
 */
export interface InsuranceTerms {
  /** Percent of the declared value (SGD), e.g. 1.5. */
  ratePercent: number;
  /** SGD cents. */
  minPremiumMinor: number;
  /** SGD cents: the most a claim pays. */
  maxCoverMinor: number;
}

export const defaultInsuranceTerms: InsuranceTerms = { ratePercent: 1.5, minPremiumMinor: 300, maxCoverMinor: 300_000 };

/** What insuring goods worth `goodsMinor` (SGD cents) costs and covers. */
export function insuranceFor(goodsMinor: number, terms: InsuranceTerms = defaultInsuranceTerms) {
  const coverMinor = Math.min(Math.max(0, Math.trunc(goodsMinor)), terms.maxCoverMinor);
  const byRate = Math.ceil((coverMinor * Math.round(terms.ratePercent * 100)) / 10_000);
  return { coverMinor, premiumMinor: Math.max(terms.minPremiumMinor, byRate) };
}

export const claimKinds = ['loss', 'damage'] as const;
export const claimStatuses = ['submitted', 'approved', 'rejected'] as const;
