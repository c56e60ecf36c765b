import { Button, Empty, List, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { usePackNos } from '../api/pack-nos.ts';
import { useWaybillLink } from '../api/waybill-link.ts';
import { downloadLink } from '../download.ts';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

/** Print waybill: opens (or downloads) the PDF waybill of a packed pack. */
export default function WaybillScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const only = Number(params.get('pack_id') ?? 0);
  const packs = usePackNos();
  const link = useWaybillLink();
  const list = (packs.data?.list ?? []).filter((p) => !only || p.id === only);
  const open = async (id: number) => {
    try {
      const r = await link.mutateAsync(id);
      downloadLink(r.url);
    } catch {
      /* shown by the request client */
    }
  };
  return (
    <div data-testid="waybills">
      <p className="pc-hint" style={{ margin: 12 }}>
        {t('parcels.waybill.hint')}
      </p>
      <QueryState query={packs} isEmpty={!list.length} empty={<Empty description={t('parcels.waybill.none')} />} />
      <List>
        {list.map((p) => (
          <List.Item
            key={p.id}
            onClick={() => nav.navigateTo(paths.packageDetail, { id: p.id })}
            extra={
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={(e) => {
                  e.stopPropagation();
                  void open(p.id);
                }}
                data-testid={`waybill-${p.pack_no}`}
              >
                {t('parcels.waybill.open')}
              </Button>
            }
          >
            {p.pack_no}{' '}
            <Tag fill="outline" color="primary">
              {t(`parcels.packStatus.${p.status}`)}
            </Tag>
          </List.Item>
        ))}
      </List>
      <List>
        <List.Item onClick={() => nav.navigateTo(paths.addInvoice)}>{t('parcels.invoice.request')}</List.Item>
      </List>
    </div>
  );
}
