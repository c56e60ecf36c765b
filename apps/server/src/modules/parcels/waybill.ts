import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import type { z } from 'zod';
import { customsCategoryInfo, isCustomsCategory, minorToDecimal, type packDetailSchema } from '@pinyou/contract';

type PackDetail = z.infer<typeof packDetailSchema>;

/**
 * Code 128 bar/space widths (in modules) of symbol values 0–106; 103–105 are the start codes,
 * 106 the stop (with its final 2-module bar).
 */
export const CODE128_PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
] as const;
const START_B = 104;
const STOP = 106;

/** Code 128 set B symbol values of a text (printable ASCII), with start, checksum and stop. */
export function code128Values(text: string): number[] {
  const values = [...text].map((ch) => {
    const c = ch.charCodeAt(0);
    if (c < 32 || c > 126) throw new Error(`Code 128B cannot encode ${JSON.stringify(ch)}`);
    return c - 32;
  });
  const checksum = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...values, checksum, STOP];
}

/** Alternating bar/space widths in modules, starting with a bar. */
export function code128Modules(text: string): number[] {
  return code128Values(text).flatMap((v) => [...CODE128_PATTERNS[v]].map(Number));
}

function drawBarcode(page: PDFPage, text: string, x: number, y: number, height: number, module: number) {
  let cx = x;
  code128Modules(text).forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x: cx, y, width: w * module, height, color: rgb(0, 0, 0) });
    cx += w * module;
  });
  return cx - x;
}

/** Helvetica covers Latin-1 only: it writes the fixed English labels. */
const latin = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/**
 * Noto Sans SC (SIL OFL, shipped in the @expo-google-fonts/noto-sans-sc package) for everything a
 * customer or staff typed: goods names and addresses are mostly Chinese. Read once per process; each PDF
 * embeds only the glyphs it uses (subset), so a waybill stays small.
 */
let cjkFont: Promise<Uint8Array> | null = null;
export function cjkFontBytes(): Promise<Uint8Array> {
  cjkFont ??= readFile(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')).then(
    (b) => new Uint8Array(b),
  );
  return cjkFont;
}

/** Customs lines the waybill has room for; the rest are counted (the batch manifest lists them all). */
export const WAYBILL_CUSTOMS_LINES = 8;

/** Cuts a text to a width with an ellipsis. */
function fit(text: string, f: PDFFont, size: number, width: number) {
  if (f.widthOfTextAtSize(text, size) <= width) return text;
  let t = text;
  while (t.length > 1 && f.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}...`;
}

/** The pack's customs lines (one per parcel): English description, category, quantity, declared value in CNY. */
function drawCustomsTable(
  page: PDFPage,
  parcels: PackDetail['parcels'],
  o: { left: number; y: number; font: PDFFont; latinFont: PDFFont; bold: PDFFont },
) {
  const cols = [
    { x: o.left, w: 120, label: 'Customs description' },
    { x: o.left + 124, w: 70, label: 'Category' },
    { x: o.left + 198, w: 20, label: 'Qty' },
    { x: o.left + 222, w: 44, label: 'Value CNY' },
  ];
  let y = o.y;
  for (const c of cols) page.drawText(c.label, { x: c.x, y, size: 7, font: o.bold });
  y -= 3;
  page.drawLine({ start: { x: o.left, y }, end: { x: o.left + 266, y }, thickness: 0.5 });
  y -= 9;
  for (const p of parcels.slice(0, WAYBILL_CUSTOMS_LINES)) {
    // A line without its English description still shows what it is (the goods name, marked) so the gap is seen.
    const [desc, descFont] = p.customs_description ? [latin(p.customs_description), o.latinFont] : [`* ${p.goods_name}`, o.font];
    const cat = isCustomsCategory(p.customs_category) ? customsCategoryInfo[p.customs_category].en : '-';
    const cells: Array<[string, PDFFont]> = [
      [fit(desc, descFont, 7, cols[0].w), descFont],
      [fit(cat, o.latinFont, 7, cols[1].w), o.latinFont],
      [String(p.quantity), o.latinFont],
      [minorToDecimal(p.goods_value.amount_minor), o.latinFont],
    ];
    cells.forEach(([text, f], i) => page.drawText(text, { x: cols[i].x, y, size: 7, font: f }));
    y -= 10;
  }
  const more = parcels.length - WAYBILL_CUSTOMS_LINES;
  if (more > 0)
    page.drawText(`+ ${more} more line${more > 1 ? 's' : ''} (see the batch manifest)`, { x: o.left, y, size: 7, font: o.latinFont });
}

export async function renderWaybill(pack: PackDetail, warehouse: { name: string; phone: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Waybill ${pack.pack_no}`);
  doc.setProducer('Pinyou');
  const page = doc.addPage([298, 420]); // A6 portrait, in points
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await cjkFontBytes(), { subset: true });
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 16;
  let y = 396;
  const line = (label: string, value: string, size = 9) => {
    page.drawText(latin(label), { x: left, y, size, font: bold });
    page.drawText(value, { x: left + 78, y, size, font, maxWidth: 190 });
    y -= size + 6;
  };
  page.drawText('PINYOU WAYBILL', { x: left, y, size: 14, font: bold });
  page.drawText(pack.mode, { x: 240, y, size: 14, font: bold });
  y -= 16;
  const moduleWidth = Math.min(1.2, 260 / (code128Modules(pack.pack_no).length + 20));
  drawBarcode(page, pack.pack_no, left + 10 * moduleWidth, y - 56, 56, moduleWidth);
  y -= 70;
  page.drawText(pack.pack_no, { x: left + 10 * moduleWidth, y, size: 11, font });
  y -= 20;
  line('Consignee', pack.address?.receiver ?? '');
  line('Phone', pack.address?.phone ?? '');
  line('Address', `${pack.address?.district ?? ''} ${pack.address?.address ?? ''}`);
  line('Postcode', pack.address?.postcode ?? '');
  y -= 4;
  line('Customer', pack.owner.user_account);
  line('Pieces', String(Math.max(1, pack.pieces.length)));
  line('Weight', pack.weight_kg ? `${pack.weight_kg} kg` : '-');
  line('Volume', pack.volume_cbm ? `${pack.volume_cbm} cbm` : '-');
  line('Batch', pack.batch_no ?? '-');
  line('Packed', pack.packed_at ? pack.packed_at.slice(0, 10) : '-');
  y -= 4;
  drawCustomsTable(page, pack.parcels, { left, y, font, latinFont: await doc.embedFont(StandardFonts.Helvetica), bold });
  page.drawText(`From: ${warehouse.name} ${warehouse.phone}`, { x: left, y: 14, size: 7, font });
  return doc.save();
}
