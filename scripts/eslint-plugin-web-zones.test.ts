import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { webZoneBreach } from './eslint-plugin-web-zones.mjs';

const root = resolve(import.meta.dirname, '..');
const web = (p: string) => join(root, 'apps/web/src', p);

describe('web zones', () => {
  it('keeps features apart and away from the app layer; lib/ and components/ below both', () => {
    expect(webZoneBreach(web('features/parcels/screens/pack.screen.tsx'), web('features/wallet/api/coupons.ts'))).toBe('feature');
    expect(webZoneBreach(web('features/parcels/screens/pack.screen.tsx'), web('app/screen-table.ts'))).toBe('app');
    expect(webZoneBreach(web('components/payment/pay-panel.tsx'), web('features/payment/components/bills-alert.tsx'))).toBe('feature');
    expect(webZoneBreach(web('lib/session.ts'), web('app/router.tsx'))).toBe('app');
    expect(webZoneBreach(web('features/parcels/screens/pack.screen.tsx'), web('features/parcels/api/pack-detail.ts'))).toBeNull();
    expect(webZoneBreach(web('features/parcels/screens/pack.screen.tsx'), web('components/payment/pay-panel.tsx'))).toBeNull();
    expect(webZoneBreach(web('features/parcels/screens/pack.screen.tsx'), web('lib/paths.ts'))).toBeNull();
    expect(webZoneBreach(web('app/screens/home.screen.tsx'), web('features/mall/components/home-recommend.tsx'))).toBeNull();
    expect(webZoneBreach(web('main.tsx'), web('app/app.tsx'))).toBeNull();
  });

  it('makes `eslint` fail on a feature importing another feature', async () => {
    const eslint = new ESLint({ cwd: root });
    const [res] = await eslint.lintText("import { useCoupons } from '../../wallet/api/coupons.ts';\nexport const x = useCoupons;\n", {
      filePath: web('features/parcels/screens/zone-probe.ts'),
    });
    expect(res.messages.map((m) => m.ruleId)).toContain('pinyou-web/zones');
  }, 60_000);
});
