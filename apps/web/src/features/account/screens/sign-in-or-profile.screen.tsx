import { useEffect, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { LoginForm } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { BasicInfo } from '../components/basic-info.tsx';
import { isLoggedIn, leaveLogin } from '../../../lib/session.ts';
import { takeWechatRedirectCode, wechatLogin } from '../api/wechat-login.ts';

/** Login/register (isLogin=1 or no session) or, for a logged-in user, basic info and authorisation. */
export default function InfoEditScreen() {
  useStrings('account');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'register' ? 'register' : 'login');
  useEffect(() => {
    const code = takeWechatRedirectCode();
    if (code) void wechatLogin(code).then(leaveLogin, () => undefined);
  }, []);
  if (isLoggedIn() && params.get('isLogin') !== '1') return <BasicInfo authorize={params.get('authorize') === '1'} />;
  return (
    <div>
      <div className="hero" style={{ paddingBottom: 20 }}>
        <h1>{t('app.name')}</h1>
        <p>{t('account.welcome')}</p>
      </div>
      <Tabs activeKey={tab} onChange={setTab} style={{ background: '#fff' }}>
        <Tabs.Tab title={t('account.login')} key="login">
          <LoginForm />
        </Tabs.Tab>
        <Tabs.Tab title={t('account.register')} key="register">
          <RegisterForm />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
