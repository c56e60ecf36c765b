import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, type UploadFile } from 'antd';
import { type ProblemStatus } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { PhotoUploader, uploadedUrls } from './parcels-common.tsx';
import { adminProblemFlag } from './api/admin-problem-flag.ts';
import { adminProblemReasons } from './api/admin-problem-reasons.ts';

/** Pieces of the problem-parcel (异常件) work shared by the parcel drawer and the problem list. */
export const problemStrings = defineStrings({
  en: {
    flag: 'Flag problem',
    flagTitle: 'Flag a problem on {no}',
    reason: 'Reason',
    note: 'Note to the customer',
    notePh: 'What the warehouse saw (optional)',
    photos: 'Photos',
    uploading: 'Photos are still uploading.',
    status_open: 'Waiting for customer',
    status_answered: 'Customer answered',
    status_resolved: 'Resolved',
  },
  zh_CN: {
    flag: '标记异常',
    flagTitle: '标记 {no} 为异常件',
    reason: '异常原因',
    note: '给客户的说明',
    notePh: '仓库看到的情况（选填）',
    photos: '照片',
    uploading: '照片仍在上传。',
    status_open: '待客户回复',
    status_answered: '客户已回复',
    status_resolved: '已处理',
  },
});

export const problemStatusColor: Record<ProblemStatus, string> = { open: 'orange', answered: 'blue', resolved: 'green' };

/** "Flag problem": a reason from the settings list, a note and photos (uploaded or taken with the camera). */
export function FlagProblemButton({ parcelId, trackingNo, onDone }: { parcelId: number; trackingNo: string; onDone: () => void }) {
  const t = useT(problemStrings);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const [form] = Form.useForm<{ reason_code: string; note: string }>();
  const reasons = useQuery({
    queryKey: ['problemReasons'],
    queryFn: () => adminProblemReasons({}),
    enabled: open,
  });
  const lang = useConsoleLang();
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="flag-problem">
        {t('flag')}
      </Button>
      <Modal
        open={open}
        title={t('flagTitle', { no: trackingNo })}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const v = await form.validateFields();
          if (photos.some((p) => p.status === 'uploading')) return void Modal.info({ content: t('uploading') });
          setBusy(true);
          try {
            await adminProblemFlag({ parcel_id: parcelId, ...v, photos: uploadedUrls(photos) });
            setOpen(false);
            form.resetFields();
            setPhotos([]);
            onDone();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ note: '' }}>
          <Form.Item name="reason_code" label={t('reason')} rules={[{ required: true }]}>
            <Select
              data-testid="problem-reason"
              loading={reasons.isLoading}
              options={(reasons.data?.list ?? []).map((r) => ({ value: r.code, label: lang === 'zh_CN' ? r.zh_CN : r.en }))}
            />
          </Form.Item>
          <Form.Item name="note" label={t('note')}>
            <Input.TextArea maxLength={500} rows={3} placeholder={t('notePh')} data-testid="problem-note" />
          </Form.Item>
          <Form.Item label={t('photos')}>
            <PhotoUploader files={photos} onChange={setPhotos} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
