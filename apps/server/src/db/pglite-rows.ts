/**
 * Rows from PostgreSQL's wire protocol, read in the server's thread from the bytes the database thread sends
 * (pglite-worker.ts). PGlite's own reader copies every field into a fresh ArrayBuffer before decoding it and
 * builds a message object per row: reading 500 rows of users took several times what the database spent on them,
 * all of it in the database's thread, which is the one that runs out of time under load. Here the bytes cross
 * threads without a copy (transferred) and each field is decoded once, in place.
 *
 * The values are PGlite's: the same parsers (its `types`, and one array parser per array type, built as PGlite
 * builds them from the database's catalogue), the same rows and fields and the same `affectedRows`.
 */
import { types } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;

export interface DecodedResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

/** Asks the database which array type holds which element type, as PGlite does when it opens. */
export const ARRAY_TYPES_SQL = `
  SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray
  ORDER BY b.oid`;

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
const identity = (v: string) => v;

export class RowDecoder {
  private readonly parsers: Record<number, Parser>;
  /** Per set of types kept as text: the parsers with identity in front (prototype chain, nothing copied). */
  private readonly withText = new Map<string, Record<number, Parser>>();

  constructor(arrayTypes: Array<[elementOid: number, arrayOid: number]>) {
    const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
    for (const [oid, typarray] of arrayTypes) {
      if (oid == null || typarray == null) continue;
      parsers[typarray] = (x) => types.arrayParser(x, parsers[oid], typarray);
    }
    this.parsers = parsers;
  }

  private parsersFor(textTypes: number[] | undefined) {
    if (!textTypes?.length) return this.parsers;
    const key = textTypes.join(',');
    let p = this.withText.get(key);
    if (!p) {
      p = Object.create(this.parsers) as Record<number, Parser>;
      for (const t of textTypes) p[t] = identity;
      this.withText.set(key, p);
    }
    return p;
  }

  /**
   * The first result set in `raw` (a bind/execute answer): what PGlite's parseResults(...)[0] gives. Messages
   * other than row description, data rows and command completion carry nothing for it and are skipped (the
   * database thread has already acted on errors and notifications).
   */
  decode(raw: Uint8Array, rowMode: 'array' | 'object' | undefined, textTypes?: number[]): DecodedResults {
    const parsers = this.parsersFor(textTypes);
    const buf = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const rows: unknown[] = [];
    let fields: DecodedResults['fields'] = [];
    let names: string[] = [];
    let fieldParsers: Array<Parser | undefined> = [];
    let typeIds: number[] = [];
    let at = 0;
    while (at + 5 <= buf.length) {
      const code = buf[at];
      const end = at + 1 + buf.readUInt32BE(at + 1);
      let p = at + 5;
      if (code === 0x54 /* T: row description */) {
        const n = buf.readUInt16BE(p);
        p += 2;
        fields = new Array(n);
        for (let i = 0; i < n; i++) {
          const zero = buf.indexOf(0, p);
          const name = buf.toString('utf8', p, zero);
          p = zero + 1;
          const dataTypeID = buf.readUInt32BE(p + 6);
          p += 18;
          fields[i] = { name, dataTypeID };
        }
        names = fields.map((f) => f.name);
        typeIds = fields.map((f) => f.dataTypeID);
        fieldParsers = typeIds.map((t) => parsers[t]);
      } else if (code === 0x44 /* D: data row */) {
        const n = buf.readUInt16BE(p);
        p += 2;
        const values: unknown[] = new Array(n);
        for (let i = 0; i < n; i++) {
          const len = buf.readInt32BE(p);
          p += 4;
          if (len < 0) {
            values[i] = null;
            continue;
          }
          const text = buf.toString('utf8', p, p + len);
          p += len;
          const parse = fieldParsers[i];
          values[i] = parse ? parse(text, typeIds[i]) : text;
        }
        if (rowMode === 'array') rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < n; i++) row[names[i]] = values[i];
          rows.push(row);
        }
      } else if (code === 0x43 /* C: command complete */) {
        const tag = buf.toString('utf8', p, buf.indexOf(0, p));
        const parts = tag.split(' ');
        const count = parseInt(parts[parts.length - 1], 10);
        return { rows, fields, affectedRows: COUNTED.has(parts[0]) ? count : 0 };
      }
      at = end;
    }
    return { rows: [], fields: [], affectedRows: 0 };
  }
}

/** E (error), N (notice), A (notification): what the database thread must read with PGlite's own parser. */
const EVENTS = new Set([0x45, 0x4e, 0x41]);

/** Whether `raw` holds an error, a notice or a notification, and not only rows and the protocol's steps. */
export function carriesEvents(raw: Uint8Array): boolean {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  for (let at = 0; at + 5 <= raw.byteLength; at += 1 + view.getUint32(at + 1)) if (EVENTS.has(raw[at])) return true;
  return false;
}
