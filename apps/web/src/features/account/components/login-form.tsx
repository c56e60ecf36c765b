import { useState } from 'react';
import { Button, Dialog, Form, Input, Segmented, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { isEmail, isSgMobile } from '@pinyou/contract';
import { useLogin } from '../api/login.ts';
import { useWechatLogin } from '../api/wechat-login.ts';
import { sendCodeFor } from '../api/send-code.ts';
import { CodeField } from '../../../components/fields/code-field.tsx';
import { leaveLogin, storeLogin } from '../../../lib/session.ts';
import { nav } from '../../../lib/nav.ts';
import { config } from '../../../lib/config.ts';
import { rememberWechatConsent, wechatAuthorizeUrl } from '../api/wechat-login.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { paths } from '../../../lib/paths.ts';

type Mode = 'password' | 'code';

export function LoginForm() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('password');
  const [form] = Form.useForm();
  const login = useLogin();
  const wechat = useWechatLogin();

  const onFinish = async (v: { account: string; password?: string; code?: string }) => {
    try {
      const res = await login.mutateAsync(
        mode === 'password' ? { account: v.account.trim(), password: v.password } : { account: v.account.trim(), code: v.code },
      );
      await storeLogin(res);
      Toast.show({ icon: 'success', content: t('account.loginOk') });
      leaveLogin();
    } catch {
      /* shown by the client */
    }
  };

  /** The consent sentence with links to the real documents (tapping one leaves the dialog for the page). */
  const consentText = (lead: string) => (
    <div className="muted" style={{ marginTop: 8, fontSize: 13 }} data-testid="wechat-consent">
      {lead}
      <a href={`#/${paths.terms}?doc=terms`} onClick={() => Dialog.clear()}>
        {t('account.termsLink')}
      </a>
      {t('account.termsAgreeAnd')}
      <a href={`#/${paths.terms}?doc=privacy`} onClick={() => Dialog.clear()}>
        {t('account.privacyLink')}
      </a>
      {t('account.termsAgreeAfter')}
    </div>
  );

  // A first WeChat login creates the account, so it carries the terms and privacy consent, as registration does.
  const onWechat = async () => {
    // With a configured WeChat app, log in through WeChat's own OAuth page; it returns here with ?code=.
    if (config.wechatAppId) {
      const agreed = await Dialog.confirm({
        title: t('account.wechatConsentTitle'),
        content: consentText(t('account.termsAgreeBefore')),
        confirmText: t('account.wechatConsentAgree'),
        cancelText: t('common.cancel'),
      });
      if (!agreed) return;
      rememberWechatConsent();
      window.location.href = wechatAuthorizeUrl(config.wechatAppId, window.location.origin);
      return;
    }
    let name = '';
    const ok = await Dialog.confirm({
      title: t('account.wechatSandboxTitle'),
      content: (
        <>
          <Input placeholder={t('account.wechatSandboxPh')} onChange={(v) => (name = v)} data-testid="wechat-name" />
          {consentText(t('account.wechatContinueAgrees'))}
        </>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok || !name.trim()) return;
    try {
      await wechat.mutateAsync(`sandbox:${name.trim()}`);
      leaveLogin();
    } catch {
      Toast.show({ content: t('account.requestFailed') });
    }
  };

  const contactProblem = () => {
    const v = String(form.getFieldValue('account') ?? '').trim();
    return isSgMobile(v) || isEmail(v) ? null : t('account.codeNeedsContact');
  };

  return (
    <>
      <div style={{ padding: '12px 12px 0' }}>
        <div style={{ textAlign: 'right' }}>
          <LanguageSwitch />
        </div>
        <Segmented
          block
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          options={[
            { label: t('account.byPassword'), value: 'password' },
            { label: t('account.byCode'), value: 'code' },
          ]}
        />
      </div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(v) => void onFinish(v)}
        footer={
          <>
            <Button block type="submit" color="primary" size="large" loading={login.isPending} data-testid="login-submit">
              {t('account.login')}
            </Button>
            <div className="row between" style={{ marginTop: 12 }}>
              <a onClick={() => nav.navigateTo(paths.forgetPassword)}>{t('account.forgot')}</a>
              <a onClick={() => void onWechat()}>{t('account.wechatLogin')}</a>
            </div>
          </>
        }
      >
        <Form.Item name="account" label={t('account.account')} rules={[{ required: true, message: t('account.accountRequired') }]}>
          <Input placeholder={mode === 'password' ? t('account.accountPh') : t('account.contactPh')} clearable autoComplete="username" />
        </Form.Item>
        {mode === 'password' ? (
          <Form.Item name="password" label={t('account.password')} rules={[{ required: true, message: t('account.passwordRequired') }]}>
            <Input type="password" placeholder={t('account.passwordPh')} clearable autoComplete="current-password" />
          </Form.Item>
        ) : (
          <CodeField
            label={t('account.code')}
            send={sendCodeFor(() => String(form.getFieldValue('account') ?? '').trim(), 'login')}
            validate={contactProblem}
          />
        )}
      </Form>
    </>
  );
}
