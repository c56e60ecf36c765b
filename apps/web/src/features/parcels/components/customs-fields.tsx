import { Form, Input, Selector } from 'antd-mobile';
import {
  CUSTOMS_DESCRIPTION_MAX,
  CUSTOMS_DESCRIPTION_PATTERN,
  customsCategories,
  customsCategoryInfo,
  isCustomsCategory,
  type Language,
} from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The category's name in the reader's language with the HS chapters a broker files it under. */
export const customsCategoryLabel = (c: string, lang: Language) =>
  isCustomsCategory(c) ? `${customsCategoryInfo[c][lang]} (HS ${customsCategoryInfo[c].hs})` : '';

/** Why an English description is refused (a locale key), or null; empty is allowed unless `required`. */
export function customsDescriptionProblem(v: string | undefined, required = false): string | null {
  const d = (v ?? '').trim();
  if (!d) return required ? 'parcels.customs.rule.description' : null;
  return CUSTOMS_DESCRIPTION_PATTERN.test(d) && d.length <= CUSTOMS_DESCRIPTION_MAX ? null : 'parcels.customs.rule.description';
}

/**
 * The customs line's two fields for a Form (names customs_description and customs_category[]): an English
 * description and the category picked from the contract's short list. Never a national ID.
 */
export function CustomsFields({ required = false }: { required?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Form.Item
        name="customs_description"
        label={t('parcels.customs.description')}
        required={required}
        description={<span className="pc-hint">{t('parcels.customs.descriptionHint')}</span>}
        rules={[
          {
            validator: async (_, v: string | undefined) => {
              const k = customsDescriptionProblem(v, required);
              if (k) throw new Error(t(k));
            },
          },
        ]}
      >
        <Input
          placeholder={t('parcels.customs.descriptionPh')}
          maxLength={CUSTOMS_DESCRIPTION_MAX}
          clearable
          data-testid="customs-description"
        />
      </Form.Item>
      <Form.Item
        name="customs_category"
        layout="vertical"
        label={t('parcels.customs.category')}
        required={required}
        rules={required ? [{ required: true, message: t('parcels.customs.rule.category') }] : []}
      >
        <Selector
          columns={2}
          options={customsCategories.map((c) => ({ label: customsCategoryLabel(c, lang), value: c }))}
          data-testid="customs-category"
        />
      </Form.Item>
    </>
  );
}
