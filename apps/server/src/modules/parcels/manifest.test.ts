import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { csvField, manifestCsv, manifestXlsx } from './manifest.ts';
import type { ManifestRow } from './customs.service.ts';

const row: ManifestRow = {
  batch_no: 'S1',
  pack_no: 'PK1',
  consignee: '陈小姐',
  phone: '+6581234567',
  address: 'Blk 1, #01-02',
  postcode: '520201',
  description: '=HYPERLINK("x")',
  category: 'Other',
  hs_chapters: '-',
  quantity: 1,
  unit_value: '10.00',
  currency: 'CNY',
  total_value_sgd: '1.88',
  gross_weight_kg: '',
  gst_paid_at_purchase: false,
  seller_gst_no: '',
};

describe('manifest files', () => {
  it('quotes CSV fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('keeps Chinese in UTF-8 after a BOM, and a typed formula stays text', () => {
    const csv = manifestCsv([row]);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const line = csv.subarray(3).toString('utf8').split('\r\n')[1];
    expect(line).toBe('S1,PK1,陈小姐,+6581234567,"Blk 1, #01-02",520201,"\'=HYPERLINK(""x"")",Other,-,1,10.00,CNY,1.88,,N,');
  });

  it('writes the xlsx text as text, not as a formula', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await manifestXlsx('S1', [row])) as unknown as ArrayBuffer);
    const cell = wb.worksheets[0].getRow(2).getCell(7);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("x")');
  });
});
