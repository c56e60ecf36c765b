import { useRef, useState } from 'react';
import { Avatar, Button, Form, Input, List, Popup, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { isEmail, patterns } from '@pinyou/contract';
import { useAuthInfo } from '../../../lib/session.ts';
import { useUpdateUserInfo } from '../api/update-user-info.ts';
import { useUploadImage } from '../api/upload-image.ts';
import { useBindContact } from '../api/bind-contact.ts';
import { sendCodeFor } from '../api/send-code.ts';
import { CodeField } from '../../../components/fields/code-field.tsx';
import { PhoneField } from '../../../components/fields/phone-field.tsx';
import { formatSgPhone, phoneProblem } from '../../../components/fields/field-rules.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

function BindPopup({ kind, onClose }: { kind: 'phone' | 'email'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const bind = useBindContact();
  const target = () => String(form.getFieldValue('target') ?? '').trim();
  const problem = () =>
    kind === 'phone' ? (phoneProblem(target()) ? t('rules.sgMobile') : null) : isEmail(target()) ? null : t('rules.email');
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, paddingBottom: 16 }}>
      <div className="section-title" style={{ padding: '16px 16px 0' }}>
        {kind === 'phone' ? t('account.bindPhone') : t('account.bindEmail')}
      </div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(v: { target: string; code: string }) =>
          void bind.mutateAsync({ target: v.target.trim(), code: v.code }).then(
            () => {
              Toast.show({ icon: 'success', content: t('common.saved') });
              onClose();
            },
            () => undefined,
          )
        }
        footer={
          <Button block type="submit" color="primary" loading={bind.isPending}>
            {t('common.confirm')}
          </Button>
        }
      >
        {kind === 'phone' ? (
          <PhoneField name="target" label={t('account.phone')} testId="bind-phone" />
        ) : (
          <Form.Item
            name="target"
            label={t('account.email')}
            rules={[
              { required: true, message: t('rules.email') },
              { pattern: patterns.email, message: t('rules.email') },
            ]}
          >
            <Input type="email" clearable />
          </Form.Item>
        )}
        <CodeField label={t('account.code')} send={sendCodeFor(target, 'bind')} validate={problem} />
      </Form>
    </Popup>
  );
}

/** Basic info: avatar, nickname, phone and e-mail binding. With `authorize`, nickname and avatar are both required. */
export function BasicInfo({ authorize = false }: { authorize?: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useAuthInfo();
  const update = useUpdateUserInfo();
  const upload = useUploadImage();
  const fileRef = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [binding, setBinding] = useState<'phone' | 'email' | null>(null);
  if (!user) return null;
  const shownAvatar = avatar ?? user.avatar;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const res = await upload.mutateAsync({ file, purpose: 'avatar' });
      setAvatar(res.url);
    } catch {
      /* shown by the client */
    }
  };
  const onSave = async (v: { nickname: string }) => {
    if (authorize && !shownAvatar) {
      Toast.show({ content: t('rules.avatar') });
      return;
    }
    try {
      await update.mutateAsync({ nickname: v.nickname.trim(), avatar: shownAvatar || undefined, authorize: authorize ? 1 : undefined });
      Toast.show({ icon: 'success', content: t('common.saved') });
    } catch {
      /* shown by the client */
    }
  };

  return (
    <>
      <div className="section row" style={{ flexDirection: 'column', gap: 8 }}>
        <Avatar
          src={shownAvatar}
          style={{ '--size': '72px', '--border-radius': '50%' } as never}
          onClick={() => fileRef.current?.click()}
        />
        <a onClick={() => fileRef.current?.click()}>{upload.isPending ? t('common.uploading') : t('account.changeAvatar')}</a>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          data-testid="avatar-input"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </div>
      <Form
        layout="horizontal"
        initialValues={{ nickname: user.nickname }}
        onFinish={(v) => void onSave(v as { nickname: string })}
        footer={
          <Button block type="submit" color="primary" size="large" loading={update.isPending}>
            {t('common.save')}
          </Button>
        }
      >
        <Form.Item label="ID">
          <span>{user.user_account}</span>
        </Form.Item>
        <Form.Item name="nickname" label={t('account.nickname')} rules={[{ required: true, message: t('rules.nickname') }]}>
          <Input maxLength={40} clearable />
        </Form.Item>
      </Form>
      <List header={t('account.security')}>
        <List.Item extra={user.phone ? formatSgPhone(user.phone) : t('account.notBound')} onClick={() => setBinding('phone')}>
          {t('account.phone')}
        </List.Item>
        <List.Item extra={user.email || t('account.notBound')} onClick={() => setBinding('email')}>
          {t('account.email')}
        </List.Item>
        <List.Item onClick={() => nav.navigateTo(paths.forgetPassword, { mode: 'change' })}>
          {user.has_password ? t('account.changePassword') : t('account.setPassword')}
        </List.Item>
      </List>
      {binding && <BindPopup kind={binding} onClose={() => setBinding(null)} />}
    </>
  );
}
