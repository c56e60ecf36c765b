import { useState } from 'react';
import { Button, Form, Image, ImageUploader, ImageViewer, Radio, Space, Tag, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import type { Pack } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCreatePackClaim, usePackClaims } from '../api/pack-claims.ts';
import { uploadPhoto } from '../api/upload-photo.ts';

const CLAIMABLE: Pack['status'][] = ['paid', 'shipped', 'delivered', 'received'];

/** An insured pack's cover, its claims, and the claim form once the pack is paid and on its way. */
export function InsuranceCard({ pack }: { pack: Pack }) {
  const { t } = useTranslation();
  const claimable = CLAIMABLE.includes(pack.status);
  const claims = usePackClaims(!!pack.insurance_cover && claimable);
  const create = useCreatePackClaim();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'loss' | 'damage'>('damage');
  const [reason, setReason] = useState('');
  const [files, setFiles] = useState<ImageUploadItem[]>([]);
  if (!pack.insurance_cover) return null;
  const mine = (claims.data?.list ?? []).filter((c) => c.pack_id === pack.id);
  const hasOpen = mine.some((c) => c.status === 'submitted');
  const submit = async () => {
    try {
      await create.mutateAsync({ pack_id: pack.id, kind, reason, photos: files.map((f) => f.url) });
      Toast.show({ icon: 'success', content: t('parcels.claim.sent') });
      setOpen(false);
      setReason('');
      setFiles([]);
    } catch {
      // The client shows the server's reason.
    }
  };
  return (
    <div className="section" data-testid="pack-insurance">
      <div className="section-title">{t('parcels.claim.title')}</div>
      <p>{t('parcels.claim.cover', { cover: formatMoney(pack.insurance_cover.amount_minor, pack.insurance_cover.currency) })}</p>
      {mine.map((c) => (
        <div className="pc-line" key={c.id} data-testid="pack-claim">
          <div className="row between">
            <b>{t(`parcels.claim.kind.${c.kind}`)}</b>
            <Tag color={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'danger' : 'primary'}>
              {t(`parcels.claim.status.${c.status}`)}
            </Tag>
          </div>
          <div className="d">{c.reason}</div>
          {c.photos.length > 0 && (
            <div className="pc-photos" data-testid="claim-photos">
              {c.photos.map((src, i) => (
                <Image key={src} src={src} fit="cover" onClick={() => ImageViewer.Multi.show({ images: c.photos, defaultIndex: i })} />
              ))}
            </div>
          )}
          {c.amount && (
            <div className="d">{t('parcels.claim.paid', { amount: formatMoney(c.amount.amount_minor, c.amount.currency) })}</div>
          )}
          {c.review_note && <div className="d">{c.review_note}</div>}
        </div>
      ))}
      {claimable && !hasOpen && !open && (
        <Button block fill="outline" color="primary" onClick={() => setOpen(true)} data-testid="claim-open">
          {t('parcels.claim.open')}
        </Button>
      )}
      {open && (
        <Form layout="vertical" data-testid="claim-form">
          <Form.Item label={t('parcels.claim.what')}>
            <Radio.Group value={kind} onChange={(v) => setKind(v as 'loss' | 'damage')}>
              <Space direction="vertical">
                <Radio value="damage" data-testid="claim-damage">
                  {t('parcels.claim.kind.damage')}
                </Radio>
                <Radio value="loss" data-testid="claim-loss">
                  {t('parcels.claim.kind.loss')}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('parcels.claim.reason')}>
            <TextArea
              value={reason}
              onChange={setReason}
              maxLength={500}
              rows={3}
              placeholder={t('parcels.claim.reasonPh')}
              data-testid="claim-reason"
            />
          </Form.Item>
          <Form.Item label={t('parcels.claim.photos')}>
            <div data-testid="claim-photo-upload">
              <ImageUploader
                value={files}
                onChange={setFiles}
                maxCount={9}
                accept="image/png,image/jpeg,image/webp"
                upload={async (file) => ({ url: (await uploadPhoto(file)).url })}
              />
            </div>
          </Form.Item>
          <Button block color="primary" loading={create.isPending} onClick={() => void submit()} data-testid="claim-submit">
            {t('parcels.claim.submit')}
          </Button>
        </Form>
      )}
    </div>
  );
}
