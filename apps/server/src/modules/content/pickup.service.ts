import { and, count, desc, eq, ilike, or, asc, type SQL } from 'drizzle-orm';
import type { Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountDirectory } from '../account/index.ts';

const { findUserByAccount, findUserByPhone, findUsersByIds } = accountDirectory;
import type { PickupParcelsPort } from '../parcels/index.ts';
import { pickupEvents, pickupRecords } from './content.schema.ts';
import { containing } from '../../db/contains.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

type Row = typeof pickupRecords.$inferSelect;
type Status = 'stored' | 'collected' | 'outbound';

const statusText: Record<Status, { en: string; zh_CN: string }> = {
  stored: { en: 'At the site', zh_CN: '待取件' },
  collected: { en: 'Collected', zh_CN: '已取件' },
  outbound: { en: 'Sent to the warehouse', zh_CN: '已转寄仓库' },
};
const doneWord: Record<Status, { en: string; zh_CN: string }> = {
  stored: { en: 'recorded', zh_CN: '登记' },
  collected: { en: 'collected', zh_CN: '取件' },
  outbound: { en: 'sent to the warehouse', zh_CN: '转寄仓库' },
};
const eventText: Record<string, { en: string; zh_CN: string }> = {
  stored: { en: 'Recorded at the pickup site', zh_CN: '自提点已登记' },
  collected: { en: 'Collected by the customer', zh_CN: '客户已取件' },
  outbound: { en: 'Handed to the warehouse', zh_CN: '已转寄仓库' },
};

/**
 * PDD self-pickup sites: their staff (customers holding the 'pickup' role, checked by the request
 * pipeline) record parcels held for our customers, mark them collected, or hand them to our warehouse.
 * Each step is also written into the customer's parcel history through the parcels port. A site sees
 * only its own records.
 */
export class PickupService {
  constructor(
    private readonly db: Db,
    private readonly parcels: PickupParcelsPort,
  ) {}

  private async view(rows: Row[], lang: Language) {
    const users = new Map((await findUsersByIds(this.db, [...new Set(rows.map((r) => r.customerId))])).map((u) => [u.id, u]));
    return rows.map((r) => {
      const u = users.get(r.customerId);
      return {
        id: r.id,
        tracking_no: r.trackingNo,
        pickup_code: r.pickupCode,
        customer: { id: r.customerId, account: u?.userAccount ?? '', nickname: u?.nickname ?? '' },
        status: r.status as Status,
        status_text: statusText[r.status as Status][lang],
        remark: r.remark,
        created_at: r.createdAt.toISOString(),
        collected_at: r.collectedAt?.toISOString() ?? null,
        outbound_at: r.outboundAt?.toISOString() ?? null,
      };
    });
  }

  async list(siteUserId: number, q: { page: number; page_size: number; status?: Status; keyword?: string }, lang: Language) {
    const conds: SQL[] = [eq(pickupRecords.siteUserId, siteUserId)];
    if (q.status) conds.push(eq(pickupRecords.status, q.status));
    if (q.keyword) {
      const k = containing(q.keyword);
      conds.push(or(ilike(pickupRecords.trackingNo, k), ilike(pickupRecords.pickupCode, k))!);
    }
    const where = and(...conds);
    const [rows, [{ n }], counted] = await Promise.all([
      this.db
        .select()
        .from(pickupRecords)
        .where(where)
        .orderBy(desc(pickupRecords.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(pickupRecords).where(where),
      this.db
        .select({ status: pickupRecords.status, n: count() })
        .from(pickupRecords)
        .where(eq(pickupRecords.siteUserId, siteUserId))
        .groupBy(pickupRecords.status),
    ]);
    const counts: Record<string, number> = { stored: 0, collected: 0, outbound: 0 };
    for (const c of counted) counts[c.status] = c.n;
    return { list: await this.view(rows, lang), total: n, page: q.page, page_size: q.page_size, counts };
  }

  private async own(tx: Tx, siteUserId: number, id: number, lock = false) {
    const q = tx
      .select()
      .from(pickupRecords)
      .where(and(eq(pickupRecords.id, id), eq(pickupRecords.siteUserId, siteUserId)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    // Another site's record reads as missing: a site learns nothing about the others.
    if (!r) throw new DomainError('PICKUP_NOT_FOUND');
    return r;
  }

  async detail(siteUserId: number, id: number, lang: Language) {
    const r = await this.own(this.db, siteUserId, id);
    const events = await this.db.select().from(pickupEvents).where(eq(pickupEvents.recordId, id)).orderBy(asc(pickupEvents.id));
    return {
      ...(await this.view([r], lang))[0],
      history: events.map((e) => ({ event: e.event, text: eventText[e.event]?.[lang] ?? e.event, note: e.note, at: e.at.toISOString() })),
    };
  }

  private async customerOf(tx: Tx, ref: string) {
    const t = ref.trim();
    const u = (/^\d{8}$/.test(t) ? await findUserByPhone(tx, t) : null) ?? (await findUserByAccount(tx, t));
    if (!u || u.disabled) throw new DomainError('PICKUP_CUSTOMER_UNKNOWN', { customer: t });
    return u;
  }

  private async create(tx: Tx, siteUserId: number, i: { tracking_no: string; pickup_code: string; customer: string; remark: string }) {
    const customer = await this.customerOf(tx, i.customer);
    const [exists] = await tx
      .select({ id: pickupRecords.id })
      .from(pickupRecords)
      .where(and(eq(pickupRecords.siteUserId, siteUserId), eq(pickupRecords.trackingNo, i.tracking_no)))
      .limit(1);
    if (exists) throw new DomainError('PICKUP_DUPLICATE', { tracking_no: i.tracking_no });
    const [r] = await tx
      .insert(pickupRecords)
      .values({ siteUserId, customerId: customer.id, trackingNo: i.tracking_no, pickupCode: i.pickup_code, remark: i.remark })
      .returning();
    await tx.insert(pickupEvents).values({ recordId: r.id, event: 'stored', note: `${i.pickup_code}`, byUserId: siteUserId });
    await this.parcels.pickupEvent(tx, { userId: customer.id, trackingNo: r.trackingNo, event: 'pickup_stored', note: i.pickup_code });
    return r;
  }

  private async guard<T>(fn: () => Promise<T>, tracking: string | undefined): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('PICKUP_DUPLICATE', { tracking_no: tracking ?? '' });
      throw e;
    }
  }

  async add(siteUserId: number, i: { tracking_no: string; pickup_code: string; customer: string; remark: string }, lang: Language) {
    const r = await this.guard(() => this.db.transaction((tx) => this.create(tx, siteUserId, i)), i.tracking_no);
    return (await this.view([r], lang))[0];
  }

  private async move(tx: Tx, siteUserId: number, r: Row, to: 'collected' | 'outbound', lang: Language) {
    if (r.status !== 'stored') throw new DomainError('PICKUP_STATE', { status: doneWord[r.status as Status][lang] });
    const at = new Date();
    const [u] = await tx
      .update(pickupRecords)
      .set({ status: to, ...(to === 'collected' ? { collectedAt: at } : { outboundAt: at }) })
      .where(eq(pickupRecords.id, r.id))
      .returning();
    await tx.insert(pickupEvents).values({ recordId: r.id, event: to, byUserId: siteUserId });
    await this.parcels.pickupEvent(tx, {
      userId: r.customerId,
      trackingNo: r.trackingNo,
      event: to === 'collected' ? 'pickup_collected' : 'pickup_outbound',
      note: '',
    });
    return u;
  }

  async collected(siteUserId: number, id: number, lang: Language) {
    const r = await this.db.transaction(async (tx) =>
      this.move(tx, siteUserId, await this.own(tx, siteUserId, id, true), 'collected', lang),
    );
    return (await this.view([r], lang))[0];
  }

  /** To the warehouse: a stored record by id, or a new one recorded and sent in one step. */
  async outbound(
    siteUserId: number,
    i: { id?: number; tracking_no?: string; pickup_code?: string; customer?: string; remark: string },
    lang: Language,
  ) {
    const r = await this.guard(
      () =>
        this.db.transaction(async (tx) => {
          const rec = i.id
            ? await this.own(tx, siteUserId, i.id, true)
            : await this.create(tx, siteUserId, {
                tracking_no: i.tracking_no!,
                pickup_code: i.pickup_code!,
                customer: i.customer!,
                remark: i.remark,
              });
          return this.move(tx, siteUserId, rec, 'outbound', lang);
        }),
      i.tracking_no,
    );
    return (await this.view([r], lang))[0];
  }
}
