import { Button, Form, Input, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { isEmail, isSgMobile } from '@pinyou/contract';
import { useEditPassword } from '../api/edit-password.ts';
import { sendCodeFor } from '../api/send-code.ts';
import { CodeField } from '../../../components/fields/code-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { isLoggedIn, useAuthInfo } from '../../../lib/session.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** Reset a forgotten password with a code, or (mode=change, logged in) change it with the current one. */
export default function ForgetPasswordScreen() {
  useStrings('account');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const change = params.get('mode') === 'change' && isLoggedIn();
  const { data: user } = useAuthInfo();
  const [form] = Form.useForm();
  const edit = useEditPassword();
  const account = () => String(form.getFieldValue('account') ?? '').trim();

  const onFinish = async (v: { account?: string; code?: string; old_password?: string; password: string; confirm_password: string }) => {
    try {
      await edit.mutateAsync(
        change
          ? { old_password: v.old_password, password: v.password, confirm_password: v.confirm_password }
          : { account: v.account?.trim(), code: v.code, password: v.password, confirm_password: v.confirm_password },
      );
      Toast.show({ icon: 'success', content: t('account.passwordChanged') });
      if (change) nav.navigateBack();
      else nav.redirectTo(paths.infoEdit, { isLogin: 1 });
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      onFinish={(v) => void onFinish(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={edit.isPending} data-testid="password-submit">
          {t('common.confirm')}
        </Button>
      }
    >
      {change ? (
        user?.has_password !== false && (
          <Form.Item
            name="old_password"
            label={t('account.oldPassword')}
            rules={[{ required: true, message: t('account.passwordRequired') }]}
          >
            <Input type="password" autoComplete="current-password" />
          </Form.Item>
        )
      ) : (
        <>
          <Form.Item name="account" label={t('account.account')} rules={[{ required: true, message: t('account.contactPh') }]}>
            <Input placeholder={t('account.contactPh')} clearable />
          </Form.Item>
          <CodeField
            label={t('account.code')}
            send={sendCodeFor(account, 'reset')}
            validate={() => (isSgMobile(account()) || isEmail(account()) ? null : t('account.codeNeedsContact'))}
          />
        </>
      )}
      <NewPasswordFields label={t('account.newPassword')} />
    </Form>
  );
}
