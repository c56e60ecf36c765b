import type { Db } from '../../db/client.ts';
import type { ParcelsService } from './parcels.service.ts';
import { findStaffIdByAccount } from '../system/index.ts';
import { accountPort } from '../account/index.ts';
import { findPackById } from './parcels.repository.ts';
import { addDays, chinaDate } from './dates.ts';

const piece = (kg: number, l: number, w: number, h: number) => ({ weight_kg: kg, length_cm: l, width_cm: w, height_cm: h });

/**
 * Demo parcels of the demo customer in several states. Packs are billed through the wallet; the shipped
 * pack is paid by the wallet's auto-pay from the demo balance (the wallet's demo top-up), otherwise it
 * stays awaiting payment.
 */
export async function seedParcelsDemo(s: { db: Db; parcels: ParcelsService }, users: { demoId: number }) {
  const { parcels } = s;
  const uid = users.demoId;
  const lang = 'zh_CN' as const;
  await parcels.ensureDefaultRateCards();
  const staffId = (await findStaffIdByAccount(s.db, 'warehouse')) ?? 0;
  const today = chinaDate(new Date());
  await parcels.shipping.saveHoliday({ date: addDays(today, 10), reason: '仓库盘点 Stocktake' });

  const declare = (
    tracking_no: string,
    goods_name: string,
    yuan: number,
    extra: { category?: 'normal' | 'sensitive' | 'special'; mode?: 'SEA' | 'AIR' } = {},
  ) =>
    parcels.declarations.declare(
      uid,
      {
        tracking_no,
        goods_name,
        goods_value: yuan * 100,
        quantity: 1,
        category: extra.category ?? 'normal',
        mode: extra.mode ?? 'SEA',
        remark: '',
      },
      lang,
    );
  const shelve = (tracking_no: string, kg: number, l: number, w: number, h: number, shelf: string) =>
    parcels.warehouse.scanInbound({ tracking_no, weight_kg: kg, length_cm: l, width_cm: w, height_cm: h, shelf, photos: [] }, lang);

  // Pending: declared, not yet arrived.
  await declare('SF1402938475612', '冬季外套', 399);
  await declare('YT8823746510293', 'Books', 86);
  // In the warehouse, one of them with a value staff found too low.
  await declare('JDVA20938475610', '蓝牙耳机', 259, { category: 'sensitive' });
  await shelve('JDVA20938475610', 0.8, 20, 15, 10, 'B-02-11');
  const cheap = await declare('75312345678901', '陶瓷杯', 5);
  await shelve('75312345678901', 2.4, 35, 30, 25, 'B-02-12');
  await parcels.declarations.flagLowValue(cheap.id, 6000, lang);
  // An undeclared big parcel waiting to be claimed.
  await shelve('ZT0099887766554', 38, 120, 60, 50, 'L-01-01');

  // Packed and measured: billed, awaiting payment (a packing request only, if billing is not wired).
  const a = await declare('JT0012345678901', '运动鞋', 459);
  const b = await declare('YT8823746510777', '儿童玩具', 120);
  await shelve('JT0012345678901', 1.6, 36, 24, 14, 'C-01-01');
  await shelve('YT8823746510777', 2.1, 40, 30, 30, 'C-01-02');
  const unpaid = await parcels.packing.applyPack(
    uid,
    { parcel_ids: [a.id, b.id], mode: 'SEA', pack_date: addDays(today, 1), is_cut: true, individual_clearance: false, remark: '' },
    lang,
  );
  await parcels.packing.measure(staffId, unpaid.id, [piece(3.9, 50, 40, 35)], lang);

  // Shipped with stages: paid through the wallet's auto-pay when the demo customer has the balance.
  const c = await declare('SF1402938470001', '厨房用品', 680);
  await shelve('SF1402938470001', 12.5, 60, 50, 45, 'C-03-04');
  const toShip = await parcels.packing.applyPack(
    uid,
    { parcel_ids: [c.id], mode: 'SEA', is_cut: false, individual_clearance: false, remark: '' },
    lang,
  );
  const user = await accountPort.findUser(s.db, uid);
  await accountPort.setAutoPay(s.db, uid, true);
  await parcels.packing.measure(staffId, toShip.id, [piece(12.5, 60, 50, 45)], lang);
  await accountPort.setAutoPay(s.db, uid, user?.isAutoPay ?? false);
  const paid = await findPackById(s.db, toShip.id);
  if (paid?.status !== 'paid') return;
  const batch = await parcels.shipping.createBatch({ mode: 'SEA', container: 'TGHU8812345', pack_date: today, unit_price: 16_000 });
  await parcels.shipping.addPacksToBatch(batch.id, [toShip.id], lang);
  const start = Date.now() - 6 * 86_400_000;
  const stages = ['loading_customs', 'dock', 'cn_cabinet_check', 'in_transit', 'container_arrival'] as const;
  for (const [i, stage] of stages.entries()) {
    await parcels.shipping.advanceBatch(staffId, batch.id, stage, '', new Date(start + i * 86_400_000), lang);
  }
}
