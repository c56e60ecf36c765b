import type { NotifyInput } from '../notifications/index.ts';

/** "Your parcel arrived": sent once per parcel when the warehouse first scans it in. */
export const parcelArrivedNotice = (p: { id: number; userId: number; trackingNo: string }): NotifyInput => ({
  userId: p.userId,
  kind: 'parcel.arrived',
  title: { en: 'Your parcel arrived at the warehouse', zh_CN: '您的包裹已到仓' },
  body: { en: `Parcel ${p.trackingNo} is in our Guangzhou warehouse.`, zh_CN: `包裹 ${p.trackingNo} 已到达广州仓库。` },
  link: `pages/order/detail?id=${p.id}`,
  dedupeKey: `parcel.arrived:${p.id}`,
});
