import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useAddLinkedAccount } from '../api/add-linked-account.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

/** Link another account by proving its password. */
export default function AddAccountScreen() {
  useStrings('account');
  const { t } = useTranslation();
  const add = useAddLinkedAccount();
  return (
    <Form
      layout="horizontal"
      onFinish={(v: { account: string; password: string }) =>
        void add.mutateAsync({ account: v.account.trim(), password: v.password }).then(
          () => {
            Toast.show({ icon: 'success', content: t('account.added') });
            nav.navigateBack(paths.changeAccount);
          },
          () => undefined,
        )
      }
      footer={
        <Button block type="submit" color="primary" size="large" loading={add.isPending} data-testid="add-account-submit">
          {t('account.addAccount')}
        </Button>
      }
    >
      <Form.Header>{t('account.addAccountHint')}</Form.Header>
      <Form.Item name="account" label={t('account.account')} rules={[{ required: true, message: t('account.accountRequired') }]}>
        <Input placeholder={t('account.accountPh')} clearable />
      </Form.Item>
      <Form.Item name="password" label={t('account.password')} rules={[{ required: true, message: t('account.passwordRequired') }]}>
        <Input type="password" />
      </Form.Item>
    </Form>
  );
}
