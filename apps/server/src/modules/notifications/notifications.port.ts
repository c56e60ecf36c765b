import type { Tx } from '../../db/client.ts';

export interface NotifyInput {
  userId: number;
  /** A stable kind the user's channel settings refer to, e.g. 'parcel.arrived', 'group.pickup', 'bill.due', 'mall.shipped', 'support.reply'. */
  kind: string;
  title: { en: string; zh_CN: string };
  body: { en: string; zh_CN: string };
  /** The app route it opens, e.g. 'pages/group/order?id=3'. */
  link?: string | null;
  /** The same key notifies once (for idempotent job handlers). */
  dedupeKey?: string | null;
}

/**
 * How any module tells a user something ("your parcel arrived", "pick up at your leader's", "bill due").
 * The notification is stored in the in-app list inside the caller's transaction; deliveries through SMS,
 * e-mail or WeChat template messages (by the user's settings) are queued as jobs that run after commit.
 */
export interface NotificationsPort {
  notify(tx: Tx, input: NotifyInput): Promise<void>;
}
