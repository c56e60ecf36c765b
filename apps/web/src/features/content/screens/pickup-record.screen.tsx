import { Button, Dialog, Steps, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/feedback.ts';
import { usePddDetail } from '../api/pdd-detail.ts';
import { addPddTrackWithOutbound, donePddTrack, usePddAction } from '../api/pdd-actions.ts';
import '../content.css';

/** One pickup record: its history, and collected / send to the warehouse while it is at the site. */
export default function SelfManageDetailScreen() {
  useStrings('content');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const { data } = usePddDetail(id);
  const done = usePddAction(donePddTrack);
  const out = usePddAction((i: number) => addPddTrackWithOutbound({ id: i }));
  if (!data)
    return (
      <div className="empty-page">
        <span className="spinner" role="status" aria-label="loading" />
      </div>
    );
  const act = async (text: string, run: () => Promise<unknown>) => {
    if (await Dialog.confirm({ content: text })) {
      await run();
      toast(t('content.pickup.saved'), 'success');
    }
  };
  return (
    <div data-testid="selfmanage-detail">
      <div className="ct-card">
        <div className="row">
          <strong>{data.tracking_no}</strong>
          <Tag data-testid="pdd-status">{data.status_text}</Tag>
        </div>
        <div className="muted">
          {t('content.pickup.code')}: {data.pickup_code}
        </div>
        <div className="muted">
          {t('content.pickup.customer')}: {data.customer.nickname} ({data.customer.account})
        </div>
        {data.remark && <div className="muted">{data.remark}</div>}
      </div>
      <div className="ct-card">
        <div style={{ fontWeight: 600 }}>{t('content.pickup.history')}</div>
        <Steps direction="vertical" current={data.history.length - 1}>
          {data.history.map((h, i) => (
            <Steps.Step key={i} title={h.text} description={h.at.slice(0, 16).replace('T', ' ')} />
          ))}
        </Steps>
      </div>
      {data.status === 'stored' && (
        <div className="ct-card" style={{ display: 'flex', gap: 8 }}>
          <Button
            block
            color="success"
            onClick={() => void act(t('content.pickup.confirmCollected'), () => done.mutateAsync(id))}
            data-testid="pdd-collected"
          >
            {t('content.pickup.collected')}
          </Button>
          <Button
            block
            color="primary"
            onClick={() => void act(t('content.pickup.confirmOutbound'), () => out.mutateAsync(id))}
            data-testid="pdd-outbound"
          >
            {t('content.pickup.outbound')}
          </Button>
        </div>
      )}
    </div>
  );
}
