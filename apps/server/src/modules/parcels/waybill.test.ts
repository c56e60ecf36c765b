import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { CODE128_PATTERNS, code128Modules, code128Values, renderWaybill } from './waybill.ts';
import { suggestCarrier } from './carriers.ts';

const waybillPack: Parameters<typeof renderWaybill>[0] = {
  id: 1,
  pack_no: 'PK2601010000001',
  mode: 'SEA',
  status: 'packed',
  parcel_count: 1,
  address: { receiver: '陈小姐', phone: '81234567', district: 'Tampines', address: 'Blk 1', postcode: '520201' },
  pack_date: null,
  pickup: null,
  is_cut: false,
  individual_clearance: false,
  insurance_cover: null,
  gst_refunded: null,
  remark: '',
  weight_kg: '2.00',
  volume_cbm: '0.027',
  pieces: [{ weight_kg: '2.00', length_cm: 30, width_cm: 30, height_cm: 30 }],
  rate_text: '',
  amount: { amount_minor: 1000, currency: 'SGD' },
  bill_id: 1,
  batch_id: null,
  batch_no: null,
  stage: null,
  dispatch_status: 'none',
  dispatch_date: null,
  dispatch_slot: null,
  created_at: '2026-01-01T00:00:00Z',
  packed_at: '2026-01-01T00:00:00Z',
  paid_at: null,
  shipped_at: null,
  delivered_at: null,
  received_at: null,
  parcels: [],
  quote_lines: [],
  owner: { user_id: 1, user_account: 'demo' },
};

describe('Code 128', () => {
  it('has 107 distinct patterns of 11 modules (the stop has 13)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => expect([...p].reduce((s, d) => s + Number(d), 0)).toBe(i === 106 ? 13 : 11));
  });

  it('encodes set B with the weighted modulo-103 checksum', () => {
    // "PJJ123C": 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    const modules = code128Modules('PK2601010000001');
    expect(modules.reduce((s, m) => s + m, 0)).toBe((15 + 2) * 11 + 13);
    expect(() => code128Values('包裹')).toThrow();
  });

  it('renders a one-page PDF even with Chinese names', async () => {
    const pdf = await renderWaybill(waybillPack, { name: 'Pinyou Guangzhou Warehouse', phone: '13800138000' });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Waybill PK2601010000001');
    // The Chinese is drawn with an embedded subset of Noto Sans SC, not replaced by '?'.
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => (o instanceof PDFDict ? o.get(PDFName.of('BaseFont')) : undefined))
      .filter(Boolean)
      .map(String);
    expect(
      fonts.some((f) => f.startsWith('/NotoSansSC')),
      fonts.join(','),
    ).toBe(true);
    const text = inflatedStreams(doc);
    // The subset's ToUnicode map lists 陈 (U+9648) and 小 (U+5C0F) — only glyphs that were used.
    expect(text).toMatch(/<9648>/i);
    expect(text).toMatch(/<5C0F>/i);
    expect(pdf.byteLength).toBeLessThan(200_000);
  });
});

type WaybillPack = Parameters<typeof renderWaybill>[0];
type WaybillParcel = WaybillPack['parcels'][number];

const parcelFixture = (i: number, customs: Partial<WaybillParcel> = {}): WaybillParcel => ({
  id: i,
  tracking_no: `SF10000000${i}`,
  carrier: 'SF',
  carrier_name: 'SF Express',
  goods_name: '连衣裙',
  goods_value: { amount_minor: 12050, currency: 'RMB' },
  quantity: 2,
  category: 'normal',
  mode: 'SEA',
  status: 'ship',
  is_low_value: false,
  min_value: null,
  remark: '',
  gst_paid_at_purchase: false,
  seller_gst_no: '',
  customs_description: 'Cotton T-shirt',
  customs_category: 'clothing',
  customs_complete: true,
  weight_kg: '1.00',
  size: null,
  volume_cbm: null,
  photos: [],
  shelf: '',
  pack_id: 1,
  pack_no: 'PK2601010000001',
  return_id: null,
  created_at: '2026-01-01T00:00:00Z',
  inbound_at: null,
  courier: { last_event: null, arriving_soon: false },
  ...customs,
});

/** How pdf-lib writes a standard-font text: a hex string of its WinAnsi bytes. */
const hexOf = (text: string) => `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;

function inflatedStreams(doc: PDFDocument): string {
  let out = '';
  for (const [, o] of doc.context.enumerateIndirectObjects()) {
    if (o instanceof PDFRawStream) {
      try {
        out += inflateSync(Buffer.from(o.contents)).toString('latin1');
      } catch {
        out += Buffer.from(o.contents).toString('latin1');
      }
    }
  }
  return out;
}

describe('customs lines on the waybill', () => {
  it('prints description, category, quantity and value of each line, and counts what does not fit', async () => {
    const parcels = [
      parcelFixture(1),
      parcelFixture(2, { customs_description: '', customs_category: '', goods_name: '手机壳' }),
      parcelFixture(3, { customs_description: 'Wireless earphones with charging case and spare tips', customs_category: 'electronics' }),
      ...Array.from({ length: 8 }, (_, i) => parcelFixture(4 + i, { customs_description: `Item ${i}` })),
    ];
    const pdf = await renderWaybill({ ...waybillPack, parcels, parcel_count: parcels.length }, { name: 'W', phone: '1' });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const text = inflatedStreams(doc);
    expect(text).toContain(hexOf('Customs description'));
    expect(text).toContain(hexOf('Cotton T-shirt'));
    expect(text).toContain(hexOf('Clothing & shoes'));
    expect(text).toContain(hexOf('120.50'));
    // A long description is cut to its column; a missing one shows the goods name (in the CJK font).
    expect(text).toMatch(new RegExp(`${hexOf('Wireless earphones with').slice(0, -1)}[0-9A-F]*2E2E2E>`));
    expect(text).not.toContain(hexOf('Wireless earphones with charging case and spare tips'));
    expect(text).toMatch(/<624B>/i); // 手
    // Eight lines fit: the 9th to 11th are counted.
    expect(text).toContain(hexOf('Item 4'));
    expect(text).not.toContain(hexOf('Item 5'));
    expect(text).toContain(hexOf('+ 3 more lines (see the batch manifest)'));
  });
});

describe('carrier suggestions', () => {
  it.each([
    ['SF1234567890123', 'SF'],
    ['JDVA01234567890', 'JD'],
    ['JT1234567890123', 'JT'],
    ['YT1234567890123', 'YTO'],
    ['EA123456789CN', 'EMS'],
    ['1012345678901', 'EMS'],
    ['7731234567890', 'STO'],
    ['73123456789012', 'ZTO'],
    ['3112345678901', 'YUNDA'],
    ['A123456789012', 'BEST'],
    ['HELLO-1', 'unknown'],
  ])('%s → %s', (n, code) => {
    expect(suggestCarrier(n)).toBe(code);
  });
});
