import { useState, type MouseEvent } from 'react';
import { Button, Checkbox, Form, Input, Popup, Segmented, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { isEmail, patterns } from '@pinyou/contract';
import { useRegister } from '../api/register.ts';
import { sendCodeFor } from '../api/send-code.ts';
import { PhoneField } from '../../../components/fields/phone-field.tsx';
import { CodeField } from '../../../components/fields/code-field.tsx';
import { phoneProblem } from '../../../components/fields/field-rules.ts';
import { paths } from '../../../lib/paths.ts';
import { LegalDocument, type LegalDoc } from './legal-document.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { leaveLogin, storeLogin } from '../../../lib/session.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

type Via = 'phone' | 'email';

/**
 * "I have read and agree to the terms of service and the privacy policy". The links are the real page
 * (the terms screen); a tap opens the same text over the form, so what was typed is not lost.
 */
function ConsentBox({ checked, onChange }: { checked?: boolean; onChange?: (v: boolean) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<LegalDoc | null>(null);
  const open = (doc: LegalDoc) => (e: MouseEvent) => {
    e.preventDefault();
    setShown(doc);
  };
  return (
    <div className="consent-row">
      <Checkbox checked={!!checked} onChange={(v) => onChange?.(v)} data-testid="register-consent" aria-describedby="consent-text">
        <span className="visually-hidden">{t('account.termsAgreeShort')}</span>
      </Checkbox>
      <span id="consent-text">
        {t('account.termsAgreeBefore')}
        <a href={`#/${paths.terms}?doc=terms`} onClick={open('terms')} data-testid="open-terms">
          {t('account.termsLink')}
        </a>
        {t('account.termsAgreeAnd')}
        <a href={`#/${paths.terms}?doc=privacy`} onClick={open('privacy')} data-testid="open-privacy">
          {t('account.privacyLink')}
        </a>
        {t('account.termsAgreeAfter')}
      </span>
      <Popup visible={shown !== null} onMaskClick={() => setShown(null)} bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}>
        <div className="section">
          {shown && <LegalDocument doc={shown} />}
          <Button block color="primary" onClick={() => setShown(null)} data-testid="legal-close">
            {t('legal.close')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}

export function RegisterForm() {
  const { t } = useTranslation();
  const [via, setVia] = useState<Via>('phone');
  const [form] = Form.useForm();
  const register = useRegister();

  const onFinish = async (v: {
    user_account: string;
    phone?: string;
    email?: string;
    code: string;
    password: string;
    confirm_password: string;
    agree_terms?: boolean;
  }) => {
    try {
      const res = await register.mutateAsync({
        user_account: v.user_account.trim(),
        phone: via === 'phone' ? v.phone : undefined,
        email: via === 'email' ? v.email : undefined,
        code: v.code,
        password: v.password,
        confirm_password: v.confirm_password,
        referrer_id: storage.get<number>(StorageKey.REFERRER_ID) ?? undefined,
        language: currentLanguage(),
        agree_terms: v.agree_terms === true,
      });
      storage.remove(StorageKey.REFERRER_ID);
      await storeLogin(res);
      Toast.show({ icon: 'success', content: t('account.registerOk') });
      leaveLogin();
    } catch {
      /* shown by the client */
    }
  };

  const target = () => String(form.getFieldValue(via) ?? '').trim();
  const targetProblem = () =>
    via === 'phone' ? (phoneProblem(target()) ? t('rules.sgMobile') : null) : isEmail(target()) ? null : t('rules.email');

  return (
    <>
      <div style={{ padding: '12px 12px 0' }}>
        <Segmented
          block
          value={via}
          onChange={(v) => setVia(v as Via)}
          options={[
            { label: t('account.viaPhone'), value: 'phone' },
            { label: t('account.viaEmail'), value: 'email' },
          ]}
        />
      </div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(v) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={register.isPending} data-testid="register-submit">
            {t('account.register')}
          </Button>
        }
      >
        <Form.Item
          name="user_account"
          label="ID"
          rules={[
            { required: true, message: t('rules.userAccount') },
            { pattern: patterns.userAccount, message: t('rules.userAccount') },
          ]}
        >
          <Input placeholder={t('account.idPh')} clearable autoComplete="username" />
        </Form.Item>
        {via === 'phone' ? (
          <PhoneField name="phone" label={t('account.phone')} testId="register-phone" />
        ) : (
          <Form.Item
            name="email"
            label={t('account.email')}
            rules={[
              { required: true, message: t('rules.email') },
              { pattern: patterns.email, message: t('rules.email') },
            ]}
          >
            <Input placeholder="name@example.com" type="email" clearable />
          </Form.Item>
        )}
        <CodeField label={t('account.code')} send={sendCodeFor(target, 'register')} validate={targetProblem} />
        <NewPasswordFields label={t('account.password')} />
        <Form.Item
          name="agree_terms"
          valuePropName="checked"
          rules={[
            {
              validator: async (_r, v: unknown) => {
                if (v !== true) throw new Error(t('account.termsRequired'));
              },
            },
          ]}
        >
          <ConsentBox />
        </Form.Item>
      </Form>
    </>
  );
}
