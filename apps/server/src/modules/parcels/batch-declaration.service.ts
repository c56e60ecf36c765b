import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  goodsCategories,
  ruleMessage,
  shippingModes,
  zGoodsName,
  zGoodsValue,
  zQuantity,
  zTrackingNo,
  type Language,
} from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { messageFor, type UploadedFile } from '../../core/http.ts';
import * as repo from './parcels.repository.ts';
import type { ParcelsService } from './parcels.service.ts';

export const MAX_BATCH_ROWS = 500;

/** Template columns: the key, and the header text (both languages; either is accepted on upload). */
export const templateColumns = [
  { key: 'tracking_no', en: 'Tracking number', zh_CN: '快递单号', width: 24, example: 'SF1234567890123' },
  { key: 'goods_name', en: 'Goods name', zh_CN: '商品名称', width: 20, example: '衣服' },
  { key: 'goods_value', en: 'Goods value (RMB)', zh_CN: '商品价值（元）', width: 16, example: '120.50' },
  { key: 'quantity', en: 'Quantity', zh_CN: '数量', width: 10, example: '2' },
  { key: 'category', en: 'Category (normal/sensitive/special)', zh_CN: '类别（normal/sensitive/special）', width: 30, example: 'normal' },
  { key: 'mode', en: 'Shipping mode (SEA/AIR/GROUP)', zh_CN: '运输方式（SEA/AIR/GROUP）', width: 28, example: 'SEA' },
  { key: 'remark', en: 'Remark', zh_CN: '备注', width: 24, example: '' },
] as const;
type Key = (typeof templateColumns)[number]['key'];
type RawRow = Record<Key, string>;

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
const headerIndex = new Map<string, Key>(
  templateColumns.flatMap((c) => [
    [norm(c.key), c.key],
    [norm(c.en), c.key],
    [norm(c.zh_CN), c.key],
    [norm(`${c.en} ${c.zh_CN}`), c.key],
    [norm(`${c.zh_CN} ${c.en}`), c.key],
  ]),
);

export async function buildTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('parcels');
  ws.columns = templateColumns.map((c) => ({ header: `${c.zh_CN} ${c.en}`, key: c.key, width: c.width }));
  ws.getColumn(1).numFmt = '@';
  ws.getRow(1).font = { bold: true };
  ws.addRow(Object.fromEntries(templateColumns.map((c) => [c.key, c.example])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const fileMsgs = {
  empty: { en: 'the file is empty', zh_CN: '文件为空' },
  notSheet: { en: 'it is neither an xlsx workbook nor a csv text file', zh_CN: '文件不是xlsx表格或csv文本' },
  header: { en: 'the first row must hold the template headers (missing: {missing})', zh_CN: '第一行须为模板表头（缺少：{missing}）' },
  noRows: { en: 'no rows were filled in', zh_CN: '没有填写任何行' },
};

function fileError(lang: Language, key: keyof typeof fileMsgs, params: Record<string, string> = {}): never {
  const detail = fileMsgs[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
  throw new DomainError('BATCH_FILE_INVALID', { detail });
}

/** RFC 4180-ish CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function readGrid(buf: Buffer, lang: Language): Promise<string[][]> {
  if (buf.length === 0) fileError(lang, 'empty');
  if (buf.readUInt32LE(0) === 0x04034b50) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      fileError(lang, 'notSheet');
    }
    const ws = wb.worksheets[0];
    if (!ws) fileError(lang, 'empty');
    const grid: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (r, n) => {
      const cells: string[] = [];
      for (let c = 1; c <= Math.max(r.cellCount, templateColumns.length); c++) {
        const v = r.getCell(c).value;
        cells.push(typeof v === 'number' ? String(v) : v === null || v === undefined ? '' : String(r.getCell(c).text ?? '').trim());
      }
      grid[n - 1] = cells;
    });
    return Array.from(grid, (r) => r ?? []);
  }
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  // Binary that is not a workbook (NULs or broken UTF-8) is refused rather than read as junk rows.
  if (text.includes('\u0000') || text.includes('\uFFFD')) fileError(lang, 'notSheet');
  return parseCsv(text);
}

/** Reads the whole file before anything is declared: a bad file is refused as a whole. */
export async function parseBatchFile(buf: Buffer, lang: Language): Promise<RawRow[]> {
  const grid = await readGrid(buf, lang);
  const header = grid[0] ?? [];
  const cols = new Map<Key, number>();
  header.forEach((h, idx) => {
    const k = headerIndex.get(norm(h ?? ''));
    if (k && !cols.has(k)) cols.set(k, idx);
  });
  const required: Key[] = ['tracking_no', 'goods_name', 'goods_value'];
  const missing = required.filter((k) => !cols.has(k));
  if (missing.length)
    fileError(lang, 'header', { missing: missing.map((k) => templateColumns.find((c) => c.key === k)![lang]).join(', ') });
  const rows = grid
    .slice(1)
    .map(
      (cells) =>
        Object.fromEntries(
          templateColumns.map((c) => [c.key, cols.has(c.key) ? String(cells[cols.get(c.key)!] ?? '').trim() : '']),
        ) as RawRow,
    )
    .filter((r) => Object.values(r).some((v) => v !== ''));
  if (rows.length === 0) fileError(lang, 'noRows');
  if (rows.length > MAX_BATCH_ROWS) throw new DomainError('BATCH_FILE_TOO_MANY_ROWS', { max: MAX_BATCH_ROWS });
  return rows;
}

const rowSchema = z.object({
  tracking_no: zTrackingNo,
  goods_name: zGoodsName,
  goods_value: zGoodsValue,
  quantity: z.preprocess((v) => (v === '' ? '1' : v), zQuantity),
  category: z.preprocess((v) => (v === '' ? 'normal' : String(v).toLowerCase()), z.enum(goodsCategories, { message: 'rule.invalid' })),
  mode: z.preprocess((v) => (v === '' ? 'SEA' : String(v).toUpperCase()), z.enum(shippingModes, { message: 'rule.invalid' })),
  remark: z.string().max(140, { message: 'rule.tooLong' }),
});

const columnLabel = (key: string, lang: Language) => templateColumns.find((c) => c.key === key)?.[lang] ?? key;

/** Batch declaration: upload → rows waiting → each row completed (declared) or failed with its reason. */
export class BatchDeclarationService {
  constructor(
    private readonly db: Db,
    private readonly parcels: ParcelsService,
  ) {}

  async upload(userId: number, file: UploadedFile | undefined, lang: Language) {
    if (!file) fileError(lang, 'empty');
    const rows = await parseBatchFile(file.buffer, lang);
    const { imp, stored } = await this.db.transaction(async (tx) => {
      const imp = await repo.insertImport(tx, { userId, fileName: file.filename.slice(0, 120) || 'upload' });
      const stored = await repo.insertImportRows(
        tx,
        rows.map((raw, idx) => ({ importId: imp.id, rowNo: idx + 2, raw })),
      );
      return { imp, stored };
    });
    for (const row of stored.sort((a, b) => a.rowNo - b.rowNo)) {
      const parsed = rowSchema.safeParse(row.raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue.path[0] ?? '');
        const key = issue.message.startsWith('rule.') ? issue.message : 'rule.invalid';
        const text = ruleMessage(key, lang, { field, max: 'maximum' in issue ? issue.maximum : '' }) ?? key;
        await repo.updateImportRow(this.db, row.id, {
          status: 'failed',
          reason: `${columnLabel(field, lang)}: ${text.replace(field, columnLabel(field, lang))}`,
        });
        continue;
      }
      try {
        const p = await this.parcels.declarations.declare(userId, parsed.data, lang);
        await repo.updateImportRow(this.db, row.id, { status: 'completed', parcelId: p.id });
        await repo.updateParcel(this.db, p.id, { importId: imp.id });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        await repo.updateImportRow(this.db, row.id, { status: 'failed', reason: messageFor(e.name, lang, e.params) });
      }
    }
    return this.detail(userId, imp.id, undefined, lang);
  }

  private async summaries(imports: Array<{ id: number; fileName: string; createdAt: Date }>) {
    const counts = await repo.countRowsOfImports(
      this.db,
      imports.map((i) => i.id),
    );
    return imports.map((i) => {
      const of = (s: string) => counts.find((c) => c.importId === i.id && c.status === s)?.n ?? 0;
      const waiting = of('waiting');
      const completed = of('completed');
      const failed = of('failed');
      return {
        id: i.id,
        file_name: i.fileName,
        total: waiting + completed + failed,
        waiting,
        completed,
        failed,
        created_at: i.createdAt.toISOString(),
      };
    });
  }

  async list(userId: number, q: { page: number; page_size: number }) {
    const { rows, total } = await repo.findImportsPage(this.db, userId, q);
    return { list: await this.summaries(rows), total, page: q.page, page_size: q.page_size };
  }

  async detail(userId: number, id: number, status: string | undefined, _lang: Language) {
    const imp = await repo.findOwnedImport(this.db, userId, id);
    if (!imp) throw new DomainError('OBJECT_NOT_FOUND');
    const [summary] = await this.summaries([imp]);
    const rows = await repo.findRowsOfImport(this.db, imp.id, status);
    return {
      ...summary,
      rows: rows.map((r) => ({
        row_no: r.rowNo,
        tracking_no: r.raw.tracking_no ?? '',
        goods_name: r.raw.goods_name ?? '',
        goods_value: r.raw.goods_value ?? '',
        quantity: r.raw.quantity ?? '',
        category: r.raw.category ?? '',
        mode: r.raw.mode ?? '',
        status: r.status as 'waiting',
        reason: r.reason,
        parcel_id: r.parcelId,
      })),
    };
  }
}
