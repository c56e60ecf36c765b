import { Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { limits } from '@pinyou/contract';

/** New password and its confirmation; a mismatch reads 'the two passwords are inconsistent' (spec §5). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[
          { required: true, message: t('rules.password') },
          { min: limits.passwordMin, max: limits.passwordMax, message: t('rules.password') },
        ]}
      >
        <Input type="password" placeholder={t('rules.password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('account.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('account.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('rules.passwordMismatch'))),
          }),
        ]}
      >
        <Input type="password" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
