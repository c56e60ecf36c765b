import ExcelJS from 'exceljs';
import type { ManifestRow } from './customs.service.ts';

/** The broker's columns, in order (English: the manifest goes to Singapore Customs). */
export const manifestHeaders = [
  'Batch no',
  'Pack / waybill no',
  'Consignee',
  'Consignee phone',
  'Address (Singapore)',
  'Postcode',
  'Description (English)',
  'HS category',
  'HS chapters',
  'Quantity',
  'Unit value',
  'Currency',
  'Total value (SGD)',
  'Gross weight of pack (kg)',
  'GST paid at purchase',
  'Seller GST no',
] as const;

/** xlsx cells: quantities and amounts as numbers (CSV keeps their exact decimal text). */
function cells(r: ManifestRow, asText = false) {
  const num = (v: string) => (asText || v === '' ? v : Number(v));
  return [
    r.batch_no,
    r.pack_no,
    r.consignee,
    r.phone,
    r.address,
    r.postcode,
    r.description,
    r.category,
    r.hs_chapters,
    r.quantity,
    num(r.unit_value),
    r.currency,
    num(r.total_value_sgd),
    num(r.gross_weight_kg),
    r.gst_paid_at_purchase ? 'Y' : 'N',
    r.seller_gst_no,
  ];
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted and its quotes doubled. */
export function csvField(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Columns a customer types freely (consignee, address, description): never read by a spreadsheet as a formula. */
const FREE_TEXT = new Set([2, 4, 6]);
const defused = (v: string | number | null, i: number) =>
  FREE_TEXT.has(i) && typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;

/** CSV with CRLF line ends and a UTF-8 byte order mark, so Excel reads Chinese names correctly. */
export function manifestCsv(rows: ManifestRow[]): Buffer {
  const text = [manifestHeaders as readonly (string | number | null)[], ...rows.map((r) => cells(r, true))]
    .map((line, n) => line.map((v, i) => csvField(n === 0 ? v : defused(v, i))).join(','))
    .join('\r\n');
  return Buffer.from(`\ufeff${text}\r\n`, 'utf8');
}

export async function manifestXlsx(batchNo: string, rows: ManifestRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Pinyou';
  const ws = wb.addWorksheet(batchNo.slice(0, 31) || 'Manifest');
  ws.addRow([...manifestHeaders]);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(cells(r));
  ws.columns.forEach((c) => (c.width = 16));
  for (const col of [11, 13]) ws.getColumn(col).numFmt = '0.00';
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
