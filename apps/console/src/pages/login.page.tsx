import { Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useState } from 'react';
import { contract } from '@pinyou/contract';
import { call, staffToken } from '../api.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { account: string; password: string }) => {
    setBusy(true);
    try {
      const res = await call(contract.admin.adminLogin, v);
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
        <Typography.Title level={3} style={{ color: '#197CFF' }}>
          Pinyou Console
        </Typography.Title>
        <Form layout="vertical" onFinish={(v) => void onFinish(v)}>
          <Form.Item name="account" label="Account" rules={[{ required: true }]}>
            <Input autoFocus autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Log in
          </Button>
        </Form>
      </Card>
    </div>
  );
}
