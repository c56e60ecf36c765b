import { Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useState } from 'react';
// The login page keeps the token it is given: its one import of the client (eslint.config.js says so).
import { staffToken } from '../api.ts';
import { defineStrings, setConsoleLang, useConsoleLang, useT, type ConsoleLang } from '../i18n.ts';
import { adminLogin } from './admin/api/admin-login.ts';

const strings = defineStrings({
  en: {
    title: 'Pinyou Console',
    account: 'Account',
    password: 'Password',
    logIn: 'Log in',
  },
  zh_CN: {
    title: '拼邮管理后台',
    account: '账号',
    password: '密码',
    logIn: '登录',
  },
});

export function LoginPage() {
  const navigate = useNavigate();
  const t = useT(strings);
  const lang = useConsoleLang();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { account: string; password: string }) => {
    setBusy(true);
    try {
      const res = await adminLogin(v);
      staffToken.set(res.token);
      navigate('/', { replace: true });
    } catch {
      /* message shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f4fa' }}>
      <Card style={{ width: 360 }}>
        {/* Chosen before logging in too, so the server's login errors come in that language (language header). */}
        <Segmented<ConsoleLang>
          size="small"
          value={lang}
          onChange={setConsoleLang}
          options={[
            { value: 'en', label: 'English' },
            { value: 'zh_CN', label: '中文' },
          ]}
          style={{ float: 'right' }}
          data-testid="login-lang"
        />
        <Typography.Title level={3} style={{ color: '#197CFF' }}>
          {t('title')}
        </Typography.Title>
        <Form layout="vertical" onFinish={(v) => void onFinish(v)}>
          <Form.Item name="account" label={t('account')} rules={[{ required: true }]}>
            <Input autoFocus autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('logIn')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
