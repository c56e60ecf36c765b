import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Form } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/parcels/en.json';
import zh from '../../../locales/parcels/zh_CN.json';

let lang: 'en' | 'zh_CN' = 'en';
vi.mock('../../../lib/translation.ts', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLanguage: () => lang }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { CustomsFields, customsDescriptionProblem, customsCategoryLabel } = await import('./customs-fields.tsx');

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  lang = 'en';
});

const options = () => [...host.querySelectorAll('[data-testid="customs-category"] .adm-selector-item')].map((e) => e.textContent);

describe('the customs fields of the declare form', () => {
  it('shows the English description and the category list in the reader’s language, and no ID field', () => {
    act(() =>
      root.render(
        <Form>
          <CustomsFields />
        </Form>,
      ),
    );
    expect(host.querySelector('input[data-testid="customs-description"], [data-testid="customs-description"] input')).not.toBeNull();
    expect(options()).toHaveLength(9);
    expect(options()[0]).toBe('Clothing & shoes (HS 61-64)');
    expect(host.textContent).not.toMatch(/NRIC|FIN|passport|身份证/i);
    act(() => root.unmount());
    lang = 'zh_CN';
    root = createRoot(host);
    act(() =>
      root.render(
        <Form>
          <CustomsFields />
        </Form>,
      ),
    );
    expect(options()[1]).toBe('电子产品 (HS 84-85)');
  });

  it('accepts English only, and an empty description unless required', () => {
    expect(customsDescriptionProblem('Cotton T-shirt')).toBeNull();
    expect(customsDescriptionProblem('')).toBeNull();
    expect(customsDescriptionProblem('', true)).toBe('parcels.customs.rule.description');
    expect(customsDescriptionProblem('连衣裙')).toBe('parcels.customs.rule.description');
    expect(customsDescriptionProblem('x'.repeat(101))).toBe('parcels.customs.rule.description');
    expect(customsCategoryLabel('', 'en')).toBe('');
  });

  it('has its words in both languages', () => {
    expect(Object.keys(zh.parcels.customs).sort()).toEqual(
      Object.keys(en.parcels.customs)
        .filter((k) => !k.endsWith('_one'))
        .sort(),
    );
    expect(en.parcels.customs.missingOnPack).toBe('Customs data missing on {{count}} parcels: fill it in on each parcel before packing.');
    expect(zh.parcels.customs.missingOnPack).toContain('{{count}}');
  });
});
