import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { sgd, type Language } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import type { SettingsService } from '../system/index.ts';
import type { BillViews } from './bill-views.ts';
import { toWalletMinor } from './ledger.ts';
import { bills } from './wallet.schema.ts';

export type BillListStatus = 'unpaid' | 'paid' | 'all';

/**
 * The customer's own bills, one list for every owning module (packs, returns, mall orders, group shares).
 * "Unpaid" means payable now: an expired bill cannot be paid, so it is neither listed nor counted, and the
 * count is the same figure the To pay tab and the home alert show.
 */
export class BillListService {
  constructor(
    private db: Db,
    private views: BillViews,
    private settings: SettingsService,
  ) {}

  private payableNow(userId: number): SQL {
    return and(eq(bills.userId, userId), eq(bills.status, 'unpaid'), or(isNull(bills.payBefore), gt(bills.payBefore, new Date())))!;
  }

  async list(userId: number, q: { page: number; page_size: number; status: BillListStatus }, lang: Language) {
    const rate = (await this.settings.get()).exchange_rate;
    const where =
      q.status === 'unpaid'
        ? this.payableNow(userId)
        : q.status === 'paid'
          ? and(eq(bills.userId, userId), eq(bills.status, 'paid'))
          : eq(bills.userId, userId);
    // Unpaid: what falls due first comes first; history: newest first.
    const order = q.status === 'unpaid' ? [sql`${bills.payBefore} asc nulls last`, asc(bills.id)] : [desc(bills.id)];
    const rows = await this.db
      .select()
      .from(bills)
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bills)
      .where(where);
    const unpaid = await this.db
      .select({ currency: bills.currency, amountMinor: bills.amountMinor })
      .from(bills)
      .where(this.payableNow(userId));
    const list = [];
    for (const r of rows) list.push(await this.views.billView(this.db, r, lang, rate));
    return {
      list,
      total: n,
      page: q.page,
      page_size: q.page_size,
      unpaid_count: unpaid.length,
      unpaid_total: sgd(unpaid.reduce((s, b) => s + toWalletMinor(b.currency as 'SGD' | 'RMB', b.amountMinor, rate), 0)),
    };
  }
}
