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

/** What a fresh installation starts with; staff change the terms in the system settings. */
export const defaultInsuranceTerms: InsuranceTerms = { ratePercent: 1.5, minPremiumMinor: 300, maxCoverMinor: 300_000 };

/** The terms as a system setting (`insurance_terms`): amounts as Money objects like every amount on the wire. */
export interface InsuranceSettings {
  rate_percent: number;
  min_premium: { amount_minor: number; currency: 'SGD' };
  max_cover: { amount_minor: number; currency: 'SGD' };
}

export const insuranceSettingsOf = (t: InsuranceTerms): InsuranceSettings => ({
  rate_percent: t.ratePercent,
  min_premium: { amount_minor: t.minPremiumMinor, currency: 'SGD' },
  max_cover: { amount_minor: t.maxCoverMinor, currency: 'SGD' },
});

/** The terms of a setting; missing (settings saved before there was one): the default terms. */
export const insuranceTermsOf = (s: InsuranceSettings | null | undefined): InsuranceTerms =>
  s
    ? { ratePercent: s.rate_percent, minPremiumMinor: s.min_premium.amount_minor, maxCoverMinor: s.max_cover.amount_minor }
    : defaultInsuranceTerms;

/** What insuring goods worth `goodsMinor` (SGD cents) costs and covers under `terms` (the current setting). */
export function insuranceFor(goodsMinor: number, terms: InsuranceTerms) {
  const coverMinor = Math.min(Math.max(0, Math.trunc(goodsMinor)), terms.maxCoverMinor);
  const byRate = Math.ceil((coverMinor * Math.round(terms.ratePercent * 100)) / 10_000);
  return { coverMinor, premiumMinor: Math.max(terms.minPremiumMinor, byRate) };
}

export const claimKinds = ['loss', 'damage'] as const;
export const claimStatuses = ['submitted', 'approved', 'rejected'] as const;
