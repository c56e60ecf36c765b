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

const parcelLink = (parcelId: number) => `pages/order/detail?id=${parcelId}`;

/** "The warehouse found a problem with your parcel": the link opens the parcel with the problem. */
export const problemFlaggedNotice = (
  p: { id: number; userId: number; trackingNo: string },
  reason: { en: string; zh_CN: string },
): NotifyInput => ({
  userId: p.userId,
  kind: 'parcel.problem',
  title: { en: 'Your parcel needs your answer', zh_CN: '您的包裹有异常，需要您回复' },
  body: {
    en: `Parcel ${p.trackingNo}: ${reason.en}. Please open the parcel and tell us what to do.`,
    zh_CN: `包裹 ${p.trackingNo}：${reason.zh_CN}。请打开包裹查看并告诉我们如何处理。`,
  },
  link: parcelLink(p.id),
});

/** Staff replied in the thread. */
export const problemRepliedNotice = (p: { id: number; userId: number; trackingNo: string }, messageId: number): NotifyInput => ({
  userId: p.userId,
  kind: 'parcel.problem',
  title: { en: 'The warehouse replied about your parcel', zh_CN: '仓库回复了您的异常包裹' },
  body: { en: `Parcel ${p.trackingNo}: please read the reply.`, zh_CN: `包裹 ${p.trackingNo}：请查看仓库的回复。` },
  link: parcelLink(p.id),
  dedupeKey: `parcel.problem.reply:${messageId}`,
});

/** The problem is settled; the parcel can be packed again. */
export const problemResolvedNotice = (
  p: { id: number; userId: number; trackingNo: string },
  problemId: number,
  resolution: string,
): NotifyInput => ({
  userId: p.userId,
  kind: 'parcel.problem',
  title: { en: 'Your parcel problem is resolved', zh_CN: '您的异常包裹已处理' },
  body: { en: `Parcel ${p.trackingNo}: ${resolution}`, zh_CN: `包裹 ${p.trackingNo}：${resolution}` },
  link: parcelLink(p.id),
  dedupeKey: `parcel.problem.resolved:${problemId}`,
});
