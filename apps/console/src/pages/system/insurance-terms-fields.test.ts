import { describe, expect, it } from 'vitest';
import { defaultInsuranceTerms, insuranceSettingsOf, insuranceTermsOf } from '@pinyou/contract';
import { insuranceFormOf, insuranceSettingsOfForm } from './insurance-terms-fields.tsx';

describe('the insurance terms in the settings form', () => {
  it('shows the amounts in S$ and saves them as Money, unchanged both ways', () => {
    const saved = insuranceSettingsOf(defaultInsuranceTerms);
    const form = insuranceFormOf(saved);
    expect(form).toEqual({ rate_percent: 1.5, min_premium_sgd: 3, max_cover_sgd: 3000 });
    expect(insuranceSettingsOfForm(form)).toEqual(saved);
    const changed = insuranceSettingsOfForm({ rate_percent: 2.25, min_premium_sgd: 4.1, max_cover_sgd: 1500.05 });
    expect(insuranceTermsOf(changed)).toEqual({ ratePercent: 2.25, minPremiumMinor: 410, maxCoverMinor: 150_005 });
  });
});
