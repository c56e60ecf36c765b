import { randomBytes } from 'node:crypto';
import type { Language } from '@pinyou/contract';
import { DomainError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import * as repo from './parcels.repository.ts';
import { isValidDate, singaporeDate } from './dates.ts';
import { isPackPaid, sgd } from '@pinyou/contract';
import { stateError, type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';

/** Door-to-door services, invoice requests and waybills. */
export class ExtrasService {
  private linkKeyCache: string | null = null;

  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {}

  /**
   * The key of signed download links (waybills). The request-signing secret is given to every browser,
   * so links are signed with this server-only key instead, created once and kept in the database.
   */
  async linkKey(): Promise<string> {
    this.linkKeyCache ??= await this.ctx.settings.secret('parcels.link_key', randomBytes(32).toString('hex'));
    return this.linkKeyCache;
  }

  private doorView(d: repo.DoorServiceRow, packNo: string) {
    return {
      id: d.id,
      pack_no: packNo,
      kind: d.kind as 'pickup',
      date: d.date,
      slot: d.slot,
      address: d.address,
      status: d.status as 'booked',
      remark: d.remark,
      created_at: d.createdAt.toISOString(),
    };
  }

  async bookDoor(
    userId: number,
    i: { pack_id: number; kind: 'pickup' | 'delivery'; date: string; slot: string; address_id?: number; remark: string },
    lang: Language,
  ) {
    return this.ctx.db.transaction(async (tx) => {
      const pack = await this.kit.ownedPack(tx, userId, i.pack_id);
      if (!['packed', 'paid', 'shipped', 'delivered'].includes(pack.status)) throw stateError('PACK_STATE', pack.status, 'book', lang);
      if (!isValidDate(i.date) || i.date <= singaporeDate(this.ctx.now())) throw new DomainError('DISPATCH_DATE_INVALID');
      const addr = i.address_id ? await accountPort.ownedAddress(tx, userId, i.address_id) : await accountPort.defaultAddress(tx, userId);
      if (!addr) throw new DomainError(i.address_id ? 'OBJECT_NOT_FOUND' : 'DEFAULT_ADDRESS_REQUIRED');
      const row = await repo.insertDoorService(tx, {
        userId,
        packId: pack.id,
        kind: i.kind,
        date: i.date,
        slot: i.slot,
        address: { receiver: addr.receiver, phone: addr.phone, district: addr.district, address: addr.address, postcode: addr.postcode },
        remark: i.remark,
      });
      return this.doorView(row, pack.packNo);
    });
  }

  async doorList(userId: number) {
    const rows = await repo.findDoorServicesOfOwner(this.ctx.db, userId);
    const packRows = await Promise.all([...new Set(rows.map((r) => r.packId))].map((id) => repo.findPackById(this.ctx.db, id)));
    const nos = new Map(packRows.filter((p) => !!p).map((p) => [p!.id, p!.packNo]));
    return { list: rows.map((r) => this.doorView(r, nos.get(r.packId) ?? '')) };
  }

  async cancelDoor(userId: number, id: number) {
    const d = await repo.findOwnedDoorService(this.ctx.db, userId, id);
    if (!d) throw new DomainError('OBJECT_NOT_FOUND');
    if (d.status !== 'booked') throw new DomainError('DOOR_SERVICE_STATE');
    await repo.updateDoorService(this.ctx.db, d.id, { status: 'cancelled' });
    return {};
  }

  async applyInvoice(userId: number, i: { pack_ids: number[]; title: string; email: string; remark: string }) {
    return this.ctx.db.transaction(async (tx) => {
      const ids = [...new Set(i.pack_ids)];
      const rows = await Promise.all(ids.map((id) => this.kit.ownedPack(tx, userId, id)));
      for (const p of rows) if (!isPackPaid(p.status)) throw new DomainError('INVOICE_NOT_PAID');
      const total = rows.reduce((s, p) => s + (p.amountMinor ?? 0), 0);
      const row = await repo.insertInvoiceRequest(tx, {
        userId,
        packIds: ids,
        title: i.title,
        email: i.email,
        remark: i.remark,
        totalMinor: total,
      });
      return this.invoiceView(row, new Map(rows.map((p) => [p.id, p.packNo])));
    });
  }

  private invoiceView(r: repo.InvoiceRow, packNos: Map<number, string>) {
    return {
      id: r.id,
      status: r.status as 'requested' | 'issued',
      title: r.title,
      email: r.email,
      pack_nos: r.packIds.map((id) => packNos.get(id) ?? ''),
      total: sgd(r.totalMinor),
      created_at: r.createdAt.toISOString(),
    };
  }

  async adminInvoices(q: Page & { status?: string }) {
    const { rows, total } = await repo.findInvoicesPage(this.ctx.db, q, q);
    const [packNos, owners] = await Promise.all([
      repo.findPackNosByIds(this.ctx.db, [...new Set(rows.flatMap((r) => r.packIds))]),
      repo.findUserAccounts(this.ctx.db, [...new Set(rows.map((r) => r.userId))]).then((u) => new Map(u.map((x) => [x.id, x.userAccount]))),
    ]);
    return {
      list: rows.map((r) => ({ ...this.invoiceView(r, packNos), owner: { user_id: r.userId, user_account: owners.get(r.userId) ?? '' } })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async invoiceIssued(id: number) {
    const row = await this.ctx.db.transaction(async (tx) => {
      const r = await repo.findInvoiceById(tx, id);
      if (!r) throw new DomainError('OBJECT_NOT_FOUND');
      if (r.status === 'issued') return r;
      const after = await repo.updateInvoiceRequest(tx, r.id, { status: 'issued' });
      await this.kit.audit(tx, {
        action: 'admin/parcels/invoiceIssued',
        objectType: 'invoice',
        objectId: r.id,
        before: { user_id: r.userId, status: r.status },
        after: { user_id: after.userId, status: after.status },
      });
      return after;
    });
    return this.invoiceView(row, await repo.findPackNosByIds(this.ctx.db, row.packIds));
  }

  async adminDoorServices(q: Page & { status?: string; date?: string }) {
    const { rows, total } = await repo.findDoorServicesPage(this.ctx.db, q, q);
    const [packNos, owners] = await Promise.all([
      repo.findPackNosByIds(this.ctx.db, [...new Set(rows.map((r) => r.packId))]),
      repo.findUserAccounts(this.ctx.db, [...new Set(rows.map((r) => r.userId))]).then((u) => new Map(u.map((x) => [x.id, x.userAccount]))),
    ]);
    return {
      list: rows.map((r) => ({
        ...this.doorView(r, packNos.get(r.packId) ?? ''),
        owner: { user_id: r.userId, user_account: owners.get(r.userId) ?? '' },
      })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async doorDone(id: number) {
    const d = await this.ctx.db.transaction(async (tx) => {
      const d = await repo.findDoorServiceById(tx, id);
      if (!d) throw new DomainError('OBJECT_NOT_FOUND');
      if (d.status !== 'booked') throw new DomainError('DOOR_SERVICE_STATE');
      await repo.updateDoorService(tx, d.id, { status: 'done' });
      await this.kit.audit(tx, {
        action: 'admin/parcels/doorServiceDone',
        objectType: 'door_service',
        objectId: d.id,
        before: { pack_id: d.packId, user_id: d.userId, status: d.status },
        after: { pack_id: d.packId, user_id: d.userId, status: 'done' },
      });
      return d;
    });
    const packNos = await repo.findPackNosByIds(this.ctx.db, [d.packId]);
    return this.doorView({ ...d, status: 'done' }, packNos.get(d.packId) ?? '');
  }

  /** Packs whose waybill can be printed: packed and later. */
  async waybillPack(userId: number, packId: number) {
    const pack = await this.kit.ownedPack(this.ctx.db, userId, packId);
    if (!['packed', 'paid', 'shipped', 'delivered', 'received'].includes(pack.status)) throw new DomainError('WAYBILL_NOT_READY');
    return this.kit.packDetail(this.ctx.db, pack, 'en');
  }
}
