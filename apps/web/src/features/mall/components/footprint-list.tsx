import { Button, Dialog, Empty } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translation.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useFootprints } from '../api/footprints.ts';
import { useDeleteFootprints } from '../api/delete-footprints.ts';
import { groupByDay, titleIn } from '../model.ts';
import { ProductCard } from './product-card.tsx';

/** Goods the customer viewed, by day, newest first; delete one, or clear them all. */
export function FootprintList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const q = useFootprints();
  const del = useDeleteFootprints();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const days = groupByDay(items);
  const clearAll = async () => {
    const ok = await Dialog.confirm({ content: t('mall.footClearConfirm'), confirmText: t('mall.clear'), cancelText: t('common.cancel') });
    if (ok) await del.mutateAsync({ all: true }).catch(() => undefined);
  };
  return (
    <div data-testid="footprints">
      {items.length > 0 && (
        <div className="row between" style={{ padding: '8px 12px' }}>
          <span className="muted">{t('mall.footCount', { n: q.data?.pages[0]?.total ?? items.length })}</span>
          <Button size="small" fill="outline" color="danger" onClick={() => void clearAll()} data-testid="foot-clear">
            {t('mall.clearAll')}
          </Button>
        </div>
      )}
      <PagedList
        query={q}
        items={days}
        testId="foot-days"
        render={(d) => (
          <section key={d.day} className="mall-foot-day" data-testid="foot-day">
            <h2 className="mall-foot-date">{formatDate(`${d.day}T12:00:00+08:00`)}</h2>
            {d.items.map((f) => (
              <div className="mall-foot-item" key={f.id} data-testid={`foot-${f.id}`}>
                <ProductCard p={f.product} layout="row" />
                <button
                  type="button"
                  className="mall-icon-btn small"
                  onClick={() => del.mutate({ ids: [f.id] })}
                  aria-label={t('mall.footDelete', { title: titleIn(f.product, lang) })}
                  data-testid={`foot-delete-${f.id}`}
                >
                  <DeleteOutline aria-hidden />
                </button>
              </div>
            ))}
          </section>
        )}
        empty={<Empty description={t('mall.footEmpty')} />}
      />
    </div>
  );
}
