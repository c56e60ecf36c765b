import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { A, createKit, customer, declare, ok, P, packedPack, resetKit, scanIn, staff, upload, type Kit } from './parcels.test-kit.ts';
import { addDays, chinaDate } from './dates.ts';

/** Calls the staff console needs beyond the parcels service itself: photo upload, waybill links, list filters. */
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

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('staff photo upload', () => {
  it('stores an image for staff, refuses a non-image and refuses customers', async () => {
    const s = await staff(k);
    const c = await customer(k);
    const path = contract.admin.adminUploadImage.path;
    const good = await upload(k, path, { name: 'label.png', type: 'image/png', data: PNG_1X1 }, s);
    expect(good.code, good.msg).toBe(0);
    expect(good.data).toMatchObject({ width: 1, height: 1, size: PNG_1X1.length });
    expect(good.data.url).toMatch(/^\/files\/\d{6}\/[0-9a-f]{32}\.png\?exp=\d+&sig=[0-9a-f]{64}$/);
    // The stored file is served back.
    const served = await k.t.app.inject({ method: 'GET', url: good.data.url });
    expect(served.statusCode).toBe(200);

    const notImage = await upload(k, path, { name: 'label.png', type: 'image/png', data: Buffer.from('not an image at all') }, s);
    expect(notImage.code).toBe(Code.BAD_FILE);
    const asCustomer = await upload(k, path, { name: 'label.png', type: 'image/png', data: PNG_1X1 }, c.token);
    expect(asCustomer.code).toBe(Code.FORBIDDEN);

    // The URL can be attached to an inbound scan.
    await declare(k, c.token, 'SF1234500001');
    const scanned = await ok(
      k.t.call(
        P.scannedInbound,
        { tracking_no: 'SF1234500001', weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10, shelf: 'A', photos: [good.data.url] },
        { token: s },
      ),
    );
    // Parcel photos are private: each answer carries a fresh signed link to the same file.
    const file = (u: string) => u.split('?')[0];
    expect(scanned.parcel!.photos.map(file)).toEqual([file(good.data.url)]);
    expect(file(good.data.url)).toMatch(/^\/files\//);
  });
});

describe('staff waybill link', () => {
  it("opens the owner's waybill PDF for a packed pack, refuses one not packed, and is staff-only", async () => {
    const s = await staff(k);
    const c = await customer(k, { address: true });
    const { pack } = await packedPack(k, s, c.token);
    const link = await ok(k.t.call(A.adminWaybillLink, { pack_id: pack.id }, { token: s }));
    expect(link.pack_no).toBe(pack.pack_no);
    expect(link.url).toContain(`u=${c.id}`);
    const pdf = await k.t.app.inject({ method: 'GET', url: link.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A tampered owner breaks the signature.
    const forged = await k.t.app.inject({ method: 'GET', url: link.url.replace(`u=${c.id}`, `u=${c.id + 1}`) });
    expect(forged.statusCode).toBe(403);

    expect((await k.t.call(A.adminWaybillLink, { pack_id: pack.id }, { token: c.token })).code).toBe(Code.FORBIDDEN);
    expect((await k.t.call(A.adminWaybillLink, { pack_id: 999999 }, { token: s })).code).toBe(Code.OBJECT_NOT_FOUND);

    await declare(k, c.token, 'YT9988776655');
    await scanIn(k, s, 'YT9988776655');
    const parcel = (await ok(k.t.call(P.applyPackList, {}, { token: c.token }))).list[0];
    const applied = await ok(k.t.call(P.orderApplyPack, { parcel_ids: [parcel.id], mode: 'SEA' }, { token: c.token }));
    expect((await k.t.call(A.adminWaybillLink, { pack_id: applied.id }, { token: s })).code).toBe(Code.WAYBILL_NOT_READY);
  });
});

describe('staff parcel list filters', () => {
  it('filters by category, mode and declared or arrival date (China calendar days, end inclusive)', async () => {
    const s = await staff(k);
    const c = await customer(k);
    await declare(k, c.token, 'SF0000000001', { category: 'normal', mode: 'SEA' });
    await declare(k, c.token, 'SF0000000002', { category: 'sensitive', mode: 'AIR' });
    await scanIn(k, s, 'SF0000000002');
    const list = (f: Record<string, unknown>) =>
      ok(k.t.call(A.adminParcelList, f, { token: s })).then((r) => r.list.map((p: { tracking_no: string }) => p.tracking_no).sort());

    expect(await list({ category: 'sensitive' })).toEqual(['SF0000000002']);
    expect(await list({ mode: 'SEA' })).toEqual(['SF0000000001']);
    const today = chinaDate(new Date());
    expect(await list({ date_from: today, date_to: today })).toEqual(['SF0000000001', 'SF0000000002']);
    expect(await list({ date_from: addDays(today, 1) })).toEqual([]);
    expect(await list({ date_to: addDays(today, -1) })).toEqual([]);
    // Only the scanned parcel has an arrival date.
    expect(await list({ date_kind: 'arrived', date_from: today })).toEqual(['SF0000000002']);

    const bad = await k.t.call(A.adminParcelList, { date_from: '2026-02-31' }, { token: s });
    expect(bad.code).toBe(Code.VALIDATION);
    const badShape = await k.t.call(A.adminParcelList, { date_to: '31/12/2026' }, { token: s, lang: 'zh_CN' });
    expect(badShape.code).toBe(Code.VALIDATION);
  });
});
