import { useState } from 'react';
import { Button, Form, Input, Segmented, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isEmail, isSgMobile, patterns } from '@pinyou/contract';
import { useRegister } from '../api/register.ts';
import { CodeButton } from './code-button.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { leaveLogin, storeLogin } from '../../../lib/session.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

type Via = 'phone' | 'email';

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
    via === 'phone' ? (isSgMobile(target()) ? null : t('rules.sgMobile')) : isEmail(target()) ? null : t('rules.email');

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
          <Form.Item
            name="phone"
            label={t('account.phone')}
            rules={[
              { required: true, message: t('rules.sgMobile') },
              { pattern: patterns.sgMobile, message: t('rules.sgMobile') },
            ]}
          >
            <Input placeholder="8xxxxxxx" type="tel" maxLength={8} clearable />
          </Form.Item>
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
        <Form.Item
          name="code"
          label={t('account.code')}
          rules={[
            { required: true, message: t('rules.code6') },
            { pattern: patterns.code6, message: t('rules.code6') },
          ]}
          extra={<CodeButton purpose="register" target={target} validate={targetProblem} />}
        >
          <Input placeholder="123456" maxLength={6} type="tel" />
        </Form.Item>
        <NewPasswordFields label={t('account.password')} />
      </Form>
    </>
  );
}
