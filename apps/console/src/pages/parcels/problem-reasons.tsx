import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, message } from 'antd';
import { type ProblemReason } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { adminProblemReasons } from './api/admin-problem-reasons.ts';
import { adminProblemReasonsSave } from './api/admin-problem-reasons-save.ts';

const strings = defineStrings({
  en: {
    edit: 'Problem reasons',
    title: 'Reasons staff choose from when flagging a parcel',
    code: 'Code (a–z, 0–9, _)',
    en: 'English',
    zh: 'Chinese',
    add: 'Add a reason',
    remove: 'Remove',
    saved: 'Reasons saved',
    required: 'Required',
    badCode: 'Lower-case letters, digits and _ only',
  },
  zh_CN: {
    edit: '异常原因',
    title: '仓库标记异常件时可选的原因',
    code: '代码（a–z、0–9、_）',
    en: '英文',
    zh: '中文',
    add: '添加原因',
    remove: '删除',
    saved: '原因已保存',
    required: '必填',
    badCode: '只能用小写字母、数字和 _',
  },
});

/** The problem-reason list kept in settings, edited by the warehouse (audited by the server on save). */
export function ProblemReasonsButton() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ list: ProblemReason[] }>();
  const reasons = useQuery({
    queryKey: ['problemReasons'],
    queryFn: () => adminProblemReasons({}),
    enabled: open,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="problem-reasons">
        {t('edit')}
      </Button>
      <Modal
        open={open}
        width={720}
        title={t('title')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields();
          setBusy(true);
          try {
            const saved = await adminProblemReasonsSave({ list: v.list });
            qc.setQueryData(['problemReasons'], saved);
            message.success(t('saved'));
            setOpen(false);
          } catch {
            /* the client showed the server's message */
          } finally {
            setBusy(false);
          }
        }}
      >
        {reasons.data && (
          <Form form={form} layout="vertical" initialValues={{ list: reasons.data.list }} data-testid="problem-reasons-form">
            <Form.List name="list">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" wrap>
                      <Form.Item
                        name={[f.name, 'code']}
                        label={t('code')}
                        rules={[
                          { required: true, message: t('required') },
                          { pattern: /^[a-z0-9_]{1,32}$/, message: t('badCode') },
                        ]}
                      >
                        <Input style={{ width: 150 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'en']} label={t('en')} rules={[{ required: true, message: t('required') }]}>
                        <Input style={{ width: 200 }} maxLength={80} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'zh_CN']} label={t('zh')} rules={[{ required: true, message: t('required') }]}>
                        <Input style={{ width: 160 }} maxLength={80} />
                      </Form.Item>
                      <Form.Item label=" ">
                        <Button danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                          {t('remove')}
                        </Button>
                      </Form.Item>
                    </Space>
                  ))}
                  <Button onClick={() => add({ code: '', en: '', zh_CN: '' })} data-testid="problem-reason-add">
                    {t('add')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form>
        )}
      </Modal>
    </>
  );
}
