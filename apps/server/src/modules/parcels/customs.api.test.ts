import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { Code, contract } from '@pinyou/contract';
import { auditLog } from '../audit/audit.schema.ts';
import { realGroup } from '../groups/groups.test-kit.ts';
import { A, addAddress, createKit, customer, ok, P, resetKit, scanIn, staff, type Kit } from './parcels.test-kit.ts';
import { chinaDate } from './dates.ts';

/** Customs lines: declared by the customer, filled in before packing, exported per batch as the broker's manifest. */
let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});
beforeEach(async () => {
  await resetKit(k);
});

async function staffOfRole(role: 'warehouse' | 'service' | 'finance') {
  const account = `${role}${Math.random().toString(36).slice(2, 8)}`;
  await k.t.services.staff.createStaff(account, `Staff ${role}`, role, 'staffpass1');
  return ok(k.t.call(contract.admin.adminLogin, { account, password: 'staffpass1' })).then((d) => d.token as string);
}

const declare = (token: string, tracking: string, extra: Record<string, unknown> = {}) =>
  k.t.call(P.createOrder, { tracking_no: tracking, goods_name: '连衣裙', goods_value: '120.50', quantity: 2, ...extra }, { token });

describe('customs data on a declaration', () => {
  it('takes the description and category, defaults the description from an ASCII name, refuses bad input', async () => {
    const c = await customer(k);
    const full = await ok(declare(c.token, 'SF7000000001', { customs_description: ' Silk  dress ', customs_category: 'clothing' }));
    expect(full).toMatchObject({ customs_description: 'Silk dress', customs_category: 'clothing', customs_complete: true });

    // Existing callers send neither: a Chinese name leaves the description empty and the line incomplete.
    const chinese = await ok(declare(c.token, 'SF7000000002'));
    expect(chinese).toMatchObject({ customs_description: '', customs_category: '', customs_complete: false });
    const ascii = await ok(declare(c.token, 'SF7000000003', { goods_name: 'Phone case', customs_category: 'electronics' }));
    expect(ascii).toMatchObject({ customs_description: 'Phone case', customs_complete: true });
    // Renaming the goods fills an empty description the same way, and never replaces one already given.
    expect(await ok(k.t.call(P.EditHM, { id: chinese.id, goods_name: 'Silk scarf' }, { token: c.token }))).toMatchObject({
      customs_description: 'Silk scarf',
    });
    expect(await ok(k.t.call(P.EditHM, { id: chinese.id, goods_name: 'Wool scarf' }, { token: c.token }))).toMatchObject({
      customs_description: 'Silk scarf',
    });

    const chineseDesc = await declare(c.token, 'SF7000000004', { customs_description: '连衣裙' });
    expect(chineseDesc.code).toBe(Code.VALIDATION);
    expect(chineseDesc.msg).toContain('in English');
    const badCategory = await declare(c.token, 'SF7000000004', { customs_category: 'weapons' });
    expect(badCategory.code).toBe(Code.VALIDATION);
    expect(badCategory.msg).toContain('customs category');
    const zh = await k.t.call(
      P.createOrder,
      { tracking_no: 'SF7000000004', goods_name: 'x', goods_value: '2', customs_category: 'x' },
      {
        token: c.token,
        lang: 'zh_CN',
      },
    );
    expect(zh.msg).toContain('报关类别');
  });

  it('the owner fills missing customs data before packing; not after, and not on another customer’s parcel', async () => {
    const s = await staff(k);
    const c = await customer(k, { address: true });
    const other = await customer(k);
    const p = await ok(declare(c.token, 'SF7000000011'));
    const edit = { id: p.id, customs_description: 'Cotton dress', customs_category: 'clothing' };
    expect((await k.t.call(P.editCustoms, edit, { token: other.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.editCustoms, { ...edit, customs_description: '' }, { token: c.token })).code).toBe(Code.VALIDATION);
    expect((await k.t.call(P.editCustoms, { ...edit, customs_category: '' }, { token: c.token })).code).toBe(Code.VALIDATION);
    const edited = await ok(k.t.call(P.editCustoms, edit, { token: c.token }));
    expect(edited).toMatchObject({ customs_description: 'Cotton dress', customs_category: 'clothing', customs_complete: true });
    expect((await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }))).customs_description).toBe('Cotton dress');

    await scanIn(k, s, 'SF7000000011');
    await ok(k.t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'SEA' }, { token: c.token }));
    const locked = await k.t.call(P.editCustoms, edit, { token: c.token });
    expect(locked.code).toBe(Code.CUSTOMS_LOCKED);
    expect(locked.msg).toBe('Customs data can only be changed before the parcel is packed');
  });
});

describe("the broker's manifest of a batch", () => {
  async function batchWithPack() {
    const s = await staff(k);
    const c = await customer(k, { address: true });
    const p1 = await ok(
      declare(c.token, 'SF7000000021', {
        goods_name: '卫衣',
        goods_value: '100.00',
        quantity: 3,
        customs_description: 'Hoodie, "oversized"',
        customs_category: 'clothing',
      }),
    );
    const p2 = await ok(
      declare(c.token, 'SF7000000022', {
        goods_name: 'Earphones',
        goods_value: '53.20',
        quantity: 1,
        customs_category: 'electronics',
        gst_paid_at_purchase: true,
        seller_gst_no: 'M90312345A',
      }),
    );
    for (const t of ['SF7000000021', 'SF7000000022']) await scanIn(k, s, t);
    const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [p1.id, p2.id], mode: 'SEA' }, { token: c.token }));
    const measured = await ok(
      k.t.call(
        A.adminPackMeasure,
        { pack_id: pack.id, pieces: [{ weight_kg: 6.4, length_cm: 60, width_cm: 40, height_cm: 40 }] },
        { token: s },
      ),
    );
    await k.billing.pay(measured.bill_id!);
    const batch = await ok(
      k.t.call(A.adminBatchCreate, { mode: 'SEA', container: 'MSKU1234567', pack_date: chinaDate(new Date()) }, { token: s }),
    );
    await ok(k.t.call(A.adminBatchAddPacks, { batch_id: batch.id, pack_ids: [pack.id] }, { token: s }));
    return { s, c, batch, pack: measured };
  }

  it('exports CSV (quoted, with a BOM) and xlsx with one row per customs line, and audits the export', async () => {
    const { batch, pack } = await batchWithPack();
    const wh = await staffOfRole('warehouse');
    const csvLink = await ok(k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'csv' }, { token: wh }));
    expect(csvLink.file_name).toBe(`manifest-${batch.batch_no}.csv`);
    const csv = await k.t.app.inject({ method: 'GET', url: csvLink.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="manifest-${batch.batch_no}.csv"`);
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Batch no,Pack / waybill no,Consignee,Consignee phone,Address (Singapore),Postcode,Description (English),HS category,HS chapters,' +
        'Quantity,Unit value,Currency,Total value (SGD),Gross weight of pack (kg),GST paid at purchase,Seller GST no',
    );
    // ¥100.00 over 3 = ¥33.33 each; at the default ¥5.32 per S$: S$18.80 and S$10.00.
    expect(lines[1]).toBe(
      `${batch.batch_no},${pack.pack_no},Tan Ah Kow,81234567,Tampines Blk 201 Tampines St 21 #08-1234,520201,` +
        '"Hoodie, ""oversized""",Clothing & shoes,61-64,3,33.33,CNY,18.80,6.40,N,',
    );
    expect(lines[2]).toBe(
      `${batch.batch_no},${pack.pack_no},Tan Ah Kow,81234567,Tampines Blk 201 Tampines St 21 #08-1234,520201,` +
        'Earphones,Electronics,84-85,1,53.20,CNY,10.00,6.40,Y,M90312345A',
    );
    expect(lines.slice(3)).toEqual(['']);

    const xLink = await ok(k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'xlsx' }, { token: wh }));
    const xlsx = await k.t.app.inject({ method: 'GET', url: xLink.url });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="manifest-${batch.batch_no}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3);
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(row(1)[6]).toBe('Description (English)');
    expect(row(2)).toEqual([
      batch.batch_no,
      pack.pack_no,
      'Tan Ah Kow',
      '81234567',
      'Tampines Blk 201 Tampines St 21 #08-1234',
      '520201',
      'Hoodie, "oversized"',
      'Clothing & shoes',
      '61-64',
      3,
      33.33,
      'CNY',
      18.8,
      6.4,
      'N',
      '',
    ]);
    expect(row(3).slice(6, 16)).toEqual(['Earphones', 'Electronics', '84-85', 1, 53.2, 'CNY', 10, 6.4, 'Y', 'M90312345A']);

    const audited = await k.t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin/parcels/batchManifest'), eq(auditLog.objectId, String(batch.id))));
    expect(audited).toHaveLength(2);
  });

  it('refuses a customer, a staff role without batches, a tampered link and an unknown batch', async () => {
    const { c, batch } = await batchWithPack();
    expect((await k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'csv' }, { token: c.token })).code).toBe(Code.FORBIDDEN);
    const finance = await staffOfRole('finance');
    expect((await k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'csv' }, { token: finance })).code).toBe(Code.FORBIDDEN);
    const service = await staffOfRole('service');
    expect((await k.t.call(A.adminBatchManifest, { batch_id: batch.id }, { token: service })).code).toBe(Code.FORBIDDEN);

    const wh = await staffOfRole('warehouse');
    expect((await k.t.call(A.adminBatchManifest, { batch_id: 999999 }, { token: wh })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'pdf' }, { token: wh })).code).toBe(Code.VALIDATION);
    const link = await ok(k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'csv' }, { token: wh }));
    const asXlsx = await k.t.app.inject({ method: 'GET', url: link.url.replace('.csv?', '.xlsx?') });
    expect(asXlsx.statusCode).toBe(403);
    const otherBatch = await k.t.app.inject({ method: 'GET', url: link.url.replace(`/${batch.id}.csv`, `/${batch.id + 1}.csv`) });
    expect(otherBatch.statusCode).toBe(403);
    const unsigned = await k.t.app.inject({ method: 'GET', url: link.url.split('?')[0] });
    expect(unsigned.statusCode).toBe(403);
  });

  it("names a group member as the consignee at the leader's pick-up place", async () => {
    const s = await staff(k);
    const leader = await customer(k);
    const member = await customer(k);
    await addAddress(k, member.id);
    await realGroup(k.t, leader.id, [member.id]);
    const p = await ok(declare(member.token, 'SF7000000031', { mode: 'GROUP', customs_description: 'Mug', customs_category: 'household' }));
    await scanIn(k, s, 'SF7000000031');
    const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'GROUP' }, { token: member.token }));
    const measured = await ok(
      k.t.call(
        A.adminPackMeasure,
        { pack_id: pack.id, pieces: [{ weight_kg: 1.2, length_cm: 20, width_cm: 20, height_cm: 20 }] },
        { token: s },
      ),
    );
    await k.billing.pay(measured.bill_id!);
    const batch = await ok(k.t.call(A.adminBatchCreate, { mode: 'GROUP', pack_date: chinaDate(new Date()) }, { token: s }));
    await ok(k.t.call(A.adminBatchAddPacks, { batch_id: batch.id, pack_ids: [pack.id] }, { token: s }));
    const link = await ok(k.t.call(A.adminBatchManifest, { batch_id: batch.id, format: 'csv' }, { token: s }));
    const lines = (await k.t.app.inject({ method: 'GET', url: link.url })).rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[1]).toBe(
      `${batch.batch_no},${pack.pack_no},Tan Ah Kow,81234567,Blk 1,820001,Mug,Household goods,"39, 69-73",2,60.25,CNY,22.65,1.20,N,`,
    );
  });
});
